#!/usr/bin/env python3
"""Writes asm/aarch64_insn_table.inc, softticks-as's aarch64 instruction
facts, from GNU binutils' opcode table (opcodes/aarch64-tbl.h: the table GNU
as assembles from and objdump disassembles with).

Each entry of aarch64_opcode_table has a mnemonic, an opcode and a mask
(word & mask == opcode), an instruction class (iclass) and its operands in
assembly order.  The C preprocessor expands the table's macros (the
compiler's `cc -E`, with empty stand-ins for bfd.h and dis-asm.h, which it
does not need); this script reads the expanded initializers.

Per entry, from the class and the encoding's fixed bits (Arm ARM field
names), never from the mnemonic's spelling:
  flow        branch_imm: b (bit 31 clear) jumps, bl calls; condbranch,
              compbranch, testbranch: conditional; branch_reg: opc<1:0>
              (bits 22:21) 00 jumps (br, braa...), 01 calls (blr, blraa...),
              10 returns (ret, retaa...), opc<2> (bit 23: eret, drps)
              returns; exception: udf (all fixed bits zero) and hlt
              (opc 010) stop; everything else falls through.
  writes      how many leading operands are general registers the
              instruction writes whole without reading (the tick's x16
              and x17 are dead before it).  Classes whose first operand is
              a destination written whole (WRITES_RD); loads (single:
              opc, bits 23:22, not 00; pairs and exclusives: L, bit 22)
              write their Rt and Rt2; an exclusive store's status Rs; mrs
              and sysl their Rt.  movk and bfm (and their aliases) read the
              register they write, so do PAC's data-processing forms
              (dp_1src with opcode2, bits 20:16, not zero); every other
              class counts 0: a register it may write is then taken as
              read, which can only cost a save.
  landing     a hint whose number is a BTI (32..38) or PACIASP/PACIBSP
              (25, 27; implicit BTI c landing pads): the entry tick goes
              after it.
Per mnemonic (the assembler's spelling; an F_COND entry, "b.c", stands for
every condition name of opcodes/aarch64-opc.c's aarch64_conds: eq, ne, ...
and SVE's none, any, first, ...): the flow all its entries share, the fewest writes over
its entries whose first operand is a general register, landing if any.

The encodings: every entry's (opcode, mask), most fixed bits first, for
`.inst` words (asm/aarch64.c's classify_bytes).

  gen_aarch64_table.py --binutils DIR [--out FILE]    write the table
  gen_aarch64_table.py --binutils DIR --check FILE    compare, write nothing

DIR is an extracted binutils source tree (`apt-get source binutils`).  Exit
status: 0 done (--check: identical), 1 --check differs, 2 bad usage, 77
(--check) no opcode table at DIR.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

F_ALIAS, F_COND = 1 << 0, 1 << 4
GPR = {"Rd", "Rd_SP", "Rt", "Rt_SP", "Rs", "Rt2"}
# Classes whose first operand (Rd) is written whole without being read.
WRITES_RD = {"addsub_carry", "addsub_ext", "addsub_imm", "addsub_shift", "log_imm", "log_shift",
             "movewide", "bitfield", "extract", "dp_1src", "dp_2src", "dp_3src", "condsel",
             "pcreladdr", "asimdins", "float2int", "float2fix", "cssc"}
LOADS_SINGLE = {"ldst_imm9", "ldst_pos", "ldst_regoff", "ldst_unscaled", "ldst_unpriv"}
PAIRS = {"ldstpair_off", "ldstpair_indexed", "ldstnapair_offs"}


def split_top(s):
    """Splits an initializer's text at its top-level commas."""
    out, depth, cur, quoted = [], 0, [], False
    for c in s:
        if quoted:
            cur.append(c)
            quoted = c != '"'
            continue
        if c == '"':
            quoted = True
        elif c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        cur.append(c)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def c_int(text):
    text = re.sub(r"(?<=[0-9a-fA-F])[uUlL]+\b", "", text)
    if not re.fullmatch(r"[0-9a-fA-Fx()<>|&~ \t+]*", text):
        raise ValueError("not an integer expression: " + text)
    return eval(text)  # shifts and ors of literals only (checked above)


def read_entries(src):
    """The expanded aarch64_opcode_table: (name, opcode, mask, iclass,
    operands, flags) per entry."""
    with tempfile.TemporaryDirectory() as tmp:
        for stub in ("bfd.h", "dis-asm.h"):
            open(os.path.join(tmp, stub), "w").close()
        main = os.path.join(tmp, "table.c")
        with open(main, "w") as f:
            f.write('#define VERIFIER(x) verify_##x\n#include "aarch64-tbl.h"\n')
        cc = os.environ.get("CC", "cc")
        text = subprocess.run([cc, "-E", "-P", "-I", tmp, "-I", os.path.join(src, "opcodes"), "-I",
                               os.path.join(src, "include"), main], check=True,
                              capture_output=True, text=True).stdout
    start = text.index("aarch64_opcode_table[] =")
    body = text[text.index("{", start) + 1:]
    depth, i = 1, 0
    while depth:
        depth += {"{": 1, "}": -1}.get(body[i], 0)
        i += 1
    entries = []
    for init in split_top(body[:i - 1]):
        init = init.strip()
        if not init.startswith("{"):
            continue
        f = split_top(init[1:-1])
        if not f[0].startswith('"'):
            continue  # the table's terminator
        ops = [o.replace("AARCH64_OPND_", "") for o in split_top(f[6].strip()[1:-1])]
        name = "".join(re.findall(r'"([^"]*)"', f[0]))  # "cpy" "fe": one literal
        entries.append((name, c_int(f[1]), c_int(f[2]), f[3], ops, c_int(f[8])))
    return entries


def flow_of(iclass, opcode, mask):
    if iclass == "branch_imm":
        return "SAS_FLOW_CALL" if opcode >> 31 & 1 else "SAS_FLOW_JMP"
    if iclass in ("condbranch", "compbranch", "testbranch"):
        return "SAS_FLOW_JCC"
    if iclass == "branch_reg":
        opc = opcode >> 21 & 0xF
        if opc & 4:
            return "SAS_FLOW_RET"
        return ["SAS_FLOW_JMP_IND", "SAS_FLOW_CALL_IND", "SAS_FLOW_RET", None][opc & 3]
    if iclass == "exception" and (opcode == 0 or (opcode >> 21 & 7) == 2):
        return "SAS_FLOW_STOP"
    return "SAS_FLOW_NONE"


def writes_of(iclass, opcode, ops):
    first = ops[0] if ops else ""
    if first in ("Rd", "Rd_SP"):
        if iclass not in WRITES_RD:
            return 0
        if iclass == "movewide" and (opcode >> 29 & 3) == 3:
            return 0  # movk
        if iclass == "bitfield" and (opcode >> 29 & 3) == 1:
            return 0  # bfm, bfi, bfxil, bfc
        if iclass == "dp_1src" and (opcode >> 16 & 0x1F):
            return 0  # pacia, autia, xpaci: sign or strip the register in place
        return 1
    load = False
    if iclass in LOADS_SINGLE:
        load = (opcode >> 22 & 3) != 0
    elif iclass in PAIRS or iclass == "ldstexcl":
        load = bool(opcode >> 22 & 1)
    elif iclass in ("loadlit", "ldst_imm10"):
        load = True
    if iclass == "ldstexcl" and first == "Rs" and not load:
        return 1  # stxr's status
    if iclass == "ic_system" and first == "Rt":
        return 1  # mrs, sysl
    if not load:
        return 0
    n = 0
    while n < len(ops) and ops[n] in ("Rt", "Rt2"):
        n += 1
    return n


def hint_landing(opcode, mask):
    if (opcode & 0xFFFFF01F) != 0xD503201F or (mask & 0xFFFFF01F) != 0xFFFFF01F:
        return 0
    n = opcode >> 5 & 0x7F
    return 1 if n in (25, 27) or (n & 0x79) == 32 else 0


def build(entries):
    by_name = {}
    for name, opcode, mask, iclass, ops, flags in entries:
        if flags & F_COND:
            name = name.split(".")[0] + ".c"
        by_name.setdefault(name, []).append((opcode, mask, iclass, ops))
    mnems = []
    for name in sorted(by_name):
        forms = by_name[name]
        flows = {flow_of(c, o, m) for o, m, c, _ in forms}
        if len(flows) != 1 or None in flows:
            raise SystemExit("gen_aarch64_table: %s: forms disagree on flow: %s" % (name, flows))
        gpr = [writes_of(c, o, ops) for o, m, c, ops in forms if ops and ops[0] in GPR]
        landing = max(hint_landing(o, m) for o, m, _, _ in forms)
        mnems.append((name, flows.pop(), min(gpr) if gpr else 0, landing))
    index = {m[0]: i for i, m in enumerate(mnems)}
    encs = []
    for order, (name, opcode, mask, iclass, ops, flags) in enumerate(entries):
        key = name.split(".")[0] + ".c" if flags & F_COND else name
        encs.append((-bin(mask).count("1"), order, opcode, mask, index[key]))
    encs.sort()
    return mnems, [(o, m, i) for _, _, o, m, i in encs]


def read_conditions(src):
    """Every name of aarch64_conds (aarch64-opc.c), the suffixes of b.c."""
    with open(os.path.join(src, "opcodes", "aarch64-opc.c")) as f:
        text = f.read()
    start = text.index("aarch64_conds[16] =")
    block = text[start:text.index("};", start)]
    return re.findall(r'"([a-z]+)"', block)


def render(mnems, encs, conds, version):
    out = ["/* Generated by asm/gen/gen_aarch64_table.py from GNU binutils %s" % version,
           " * (opcodes/aarch64-tbl.h): do not edit, run the script.",
           " * A64_MNEMONICS: {name, flow, writes, landing}, sorted by name (bsearch",
           " * in aarch64.c); writes: leading general-register operands written whole.",
           " * A64_CONDITIONS: the condition names (b.eq, b.any, ...).",
           " * A64_ENCODINGS: {opcode, mask, index into A64_MNEMONICS}, most fixed bits",
           " * first: a word's instruction is the first whose word & mask == opcode. */",
           "#ifdef A64_MNEMONICS"]
    out += ['    {"%s", %s, %d, %d},' % m for m in mnems]
    out += ["#endif", "#ifdef A64_CONDITIONS"]
    out += ["    %s," % ", ".join('"%s"' % c for c in conds)]
    out += ["#endif", "#ifdef A64_ENCODINGS"]
    out += ["    {0x%08x, 0x%08x, %d}," % e for e in encs]
    out += ["#endif", ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binutils", required=True)
    ap.add_argument("--out")
    ap.add_argument("--check")
    a = ap.parse_args()
    table = os.path.join(a.binutils, "opcodes", "aarch64-tbl.h")
    if not os.path.exists(table):
        print("gen_aarch64_table: no %s (a binutils source tree?)" % table, file=sys.stderr)
        return 77 if a.check else 2
    version = os.path.basename(os.path.abspath(a.binutils))
    mnems, encs = build(read_entries(a.binutils))
    text = render(mnems, encs, read_conditions(a.binutils), version)
    if a.check:
        with open(a.check) as f:
            same = f.read() == text
        print("%s: %s" % (a.check, "matches" if same else "differs from the regenerated table"))
        return 0 if same else 1
    out = a.out or os.path.join(os.path.dirname(__file__), "..", "aarch64_insn_table.inc")
    with open(out + ".tmp", "w") as f:
        f.write(text)
    os.replace(out + ".tmp", out)
    print("%s: %d mnemonics, %d encodings" % (out, len(mnems), len(encs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
