#!/usr/bin/env python3
"""Writes asm/x86_insn_table.inc, softticks-as's x86 instruction facts, from
Intel XED's datafiles (https://github.com/intelxed/xed).

XED describes every instruction form with its ICLASS (the Intel mnemonic),
CATEGORY (COND_BR, UNCOND_BR, CALL, RET, ...), branch displacement
(BRDISP8() only: a short branch) and FLAGS:

    FLAGS : MUST [ of-mod sf-mod zf-mod af-mod pf-mod cf-tst cf-mod ]
    FLAGS : IMM1 MUST [ ... ], IMMx MUST [ ... ]     (shift by 1, by an immediate)
    FLAGS : MAY [ ... ]                             (shift by %cl: maybe none)

Per ICLASS, over all its forms, only the six arithmetic flags:
  reads         every flag some form tests (-tst, or a -pop/-ah restore read
                as no read): an over-approximation
  writes        flags every form always writes (-mod, -0, -1, -pop, -ah under
                MUST): an under-approximation.  "-u" (undefined) is no write:
                a processor may leave the flag as it was.
  count_writes  the same, over the forms that always write when the count is
                an immediate that is not 0 or the implicit 1 (IMM1/IMMx and
                plain MUST forms; not the MAY forms of a count in %cl)
  (system calls and interrupts write none: the kernel gives the flags back)
  flow          from CATEGORY; HLT/UDx stop (no fall-through); far
                branches are indirect (segment:offset, no label)
  short_only    a branch all of whose forms have an 8-bit displacement only
  writes_dest   the destination register (the first operand of OPERANDS,
                the last in AT&T) over all forms whose first operand is a
                register (a memory destination, or none, says nothing):
                1  every such form writes it `:w`, not `:rw` (read too),
                   `:cw`/`:rcw` (conditionally) or `:r`: the old value is
                   gone (lea, pop, mov, movzx, popcnt ...);
                2  every such form writes it `:cw` (cmovcc, bsf, bsr: the
                   old value may stay);
                0  otherwise, and also when no such form's register can be
                   a 32/64-bit general register (GPRv/GPRy/GPRz, GPR32,
                   GPR64, VGPR32/64/y, OrAX..., EAX/RAX...; not GPR8,
                   GPR16, AL: setcc), or some form reads a general register
                   implicitly (SUPP/IMPL, not the stack pointer: mulx reads
                   %rdx, which may be its destination).
                Width: XED's GPRv is 16, 32 or 64 bits by the operand size
                and MOV's GPR8 forms are the same ICLASS, so the ICLASS
                cannot say whether a write is whole.  The instruction's own
                text does: gas names the register, and its name is the
                operand size.  So x86.c's writes_destination counts a write
                as whole only when the register it names is 32 bits (in
                64-bit mode it zero-extends into the whole register; in
                i386 it is the whole register) or 64 bits: `movb (%rdx),
                %al` or `movw` leave the rest of the old value.
  reads_only    1 when no operand of any form is written (every access
                `:r`, flags aside: they are not operands): cmp, test, bt,
                ucomisd, ptest.  An address such an instruction reads as a
                register is used as it is (compared), not computed with.

Beside XED's ICLASSes, rows for GNU as's own mnemonics (aliases(): a name
no ICLASS has), each with the facts of the rows above for what gas
assembles it to, every column derived, none written here:
  cmp<pred>{ps,pd,ss,sd}     the compare with the predicate as imm8: the
                             row of CMPPS, CMPPD, CMPSS, CMPSD_XMM; <pred>
                             the first 8 names of CMP_PREDICATES (eq, lt,
                             le, unord, neq, nlt, nle, ord)
  vcmp<pred>{ps,pd,ss,sd,ph,sh}
                             the row of VCMPPS ... VCMPSH (VEX and EVEX
                             forms alike); <pred> all 32 of CMP_PREDICATES
                             and the SDM's alternate names gas also takes;
                             a suffix whose ICLASS XED lacks gets none
  fstsw fstcw fstenv fsave finit fclex
                             gas's waiting x87 forms, fwait then FNSTSW,
                             FNSTCW, FNSTENV, FNSAVE, FNINIT, FNCLEX
                             (sequence()): flow NONE (each must be); reads
                             the flags one reads that none before wrote;
                             writes and count_writes the union; short_only
                             0; writes_dest and reads_only the last one's
                             (fwait has no operand)
None of these writes a flag (cmpps writes a register or mask, fnstsw %ax):
the rows say 0, as CMPPS's and FNSTSW's do.  An alias that is also an
ICLASS name stops the script.

The byte patterns (x86_byte_table.inc, beside FILE): for the instructions
hand-written code spells as data (BYTE_ICLASSES: OpenSSL's `.byte
0xf3,0x0f,0x1e,0xfa` for endbr64, rdrand, adcx/adox, mulx, ...), each legacy
or VEX form's PATTERN as the fields asm/x86_bytes.c matches: the map
(0x0F, 0x0F 0x38, 0x0F 0x3A; VEX's V0F...), the opcode byte (or its top
five bits and SRM[]), the refining prefix (66/F2/F3 or none; VEX's pp),
REX.W/VEX.W, 64-bit mode or not, ModRM's mod (register, memory), a fixed
reg or rm field, REX.B, the immediate's size, the address size (eamode:
jcxz/jecxz/jrcxz).  Forms with a token this reads no further (EVEX, APX,
two immediates, Xeon Phi's MODEP5=1) are left out; every name of
BYTE_ICLASSES must keep a form.  Then the branches, chosen by XED's fields,
not by name: every form of CATEGORY COND_BR, UNCOND_BR or CALL whose
OPERANDS hold RELBR (BRDISP8/BRDISP32/BRDISPz: jcc, jmp, call, loop*,
j*cxz; x86_bytes.c makes them branches relative to the location counter)
or whose first operand is a near register or memory operand read (ff /2,
ff /4: `indirect` in the row, the flow made indirect); far ones (a PTR
operand, a far pointer p/p2 in memory) are left out.

  gen_x86_table.py --xed DIR [--out FILE]    write the tables
  gen_x86_table.py --xed DIR --check FILE    compare, write nothing

DIR is a clone of XED (or a bare mirror: then read with git at HEAD).  Exit
status: 0 done (--check: identical), 1 --check differs, 2 bad usage, 77
(--check) no XED datafiles at DIR.
"""
import argparse
import os
import re
import subprocess
import sys

FLAGS = ["cf", "pf", "af", "zf", "sf", "of"]  # SAS_CF .. SAS_OF, in sas.h's order
CATEGORY_FLOW = {"COND_BR": "SAS_FLOW_JCC", "UNCOND_BR": "SAS_FLOW_JMP", "CALL": "SAS_FLOW_CALL",
                 "RET": "SAS_FLOW_RET", "SYSRET": "SAS_FLOW_RET"}
STOP = {"HLT", "UD0", "UD1", "UD2"}
# Far branches name a segment and an offset, never a label of the file.
FAR = {"JMP_FAR": "SAS_FLOW_JMP_IND", "CALL_FAR": "SAS_FLOW_CALL_IND"}
# Transactional memory: outside a transaction xabort is a nop, and xend's
# abort goes to xbegin's fallback, which xbegin's own edge already reaches.
FALLS_THROUGH = {"XABORT", "XEND"}
# The kernel returns to the program with its flags as they were (Linux:
# sysret/iret from the saved RFLAGS), whatever the instruction does to them.
OS_RESTORES = {"SYSCALL", "INTERRUPT"}
# APX (REX2/EVEX "no flags" forms of the classic instructions): gas spells
# them with {nf} or new registers, which softticks-as does not read yet.
SKIP_DIRS = ("datafiles/apx-",)


class Xed:
    """The datafiles of a work tree or of a bare mirror (git at HEAD)."""

    def __init__(self, path):
        self.path = path
        git_dir = path if path and os.path.isdir(os.path.join(path, "objects")) else os.path.join(path, ".git")
        self.git = ["git", "--git-dir", git_dir] if os.path.isdir(git_dir) else None
        if not path or (not self.git and not os.path.isdir(os.path.join(path, "datafiles"))):
            raise SystemExit(f"{path or '(no --xed)'}: no XED datafiles: a clone of "
                             "https://github.com/intelxed/xed (the test: -DSOFTTICKS_XED_DIR=DIR)")

    def commit(self):
        if not self.git:
            return "(work tree, commit unknown)"
        return subprocess.run(self.git + ["rev-parse", "HEAD"], check=True, capture_output=True,
                              text=True).stdout.strip()

    def files(self):
        if self.git:
            out = subprocess.run(self.git + ["ls-tree", "-r", "--name-only", "HEAD", "datafiles"],
                                 check=True, capture_output=True, text=True).stdout.split()
        else:
            out = [os.path.relpath(os.path.join(d, f), self.path)
                   for d, _, fs in os.walk(os.path.join(self.path, "datafiles")) for f in fs]
        return sorted(f for f in out if re.search(r"isa[^/]*\.txt$", f) and not f.startswith(SKIP_DIRS))

    def read(self, name):
        if self.git:
            return subprocess.run(self.git + ["show", "HEAD:" + name], check=True,
                                  capture_output=True, text=True).stdout
        with open(os.path.join(self.path, name)) as f:
            return f.read()


def forms(text):
    """Each instruction block: its fields, PATTERN and OPERANDS lines (one
    per form) kept as lists."""
    block = None
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line == "{":
            block = {"PATTERN": [], "OPERANDS": []}
        elif line == "}":
            if block and "ICLASS" in block:
                yield block
            block = None
        elif block is not None and ":" in line:
            key, value = (s.strip() for s in line.split(":", 1))
            if key in ("PATTERN", "OPERANDS"):
                block[key].append(value)
            else:
                block[key] = value


def flag_sets(spec):
    """FLAGS text -> [(qualifier, kind, {flag: actions})] per clause."""
    out = []
    for m in re.finditer(r"(\w+\s+)?(MUST|MAY|READONLY)\s*\[([^\]]*)\]", spec):
        acts = {}
        for item in m.group(3).split():
            f, _, a = item.partition("-")
            if f in FLAGS:
                acts.setdefault(f, set()).add(a)
        out.append(((m.group(1) or "").strip(), m.group(2), acts))
    return out


def mask(flags):
    return sum(1 << FLAGS.index(f) for f in flags)


WRITE_ACTS = {"mod", "0", "1", "pop", "ah"}

# Register nonterminals of general registers that can be 32 or 64 bits
# wide: GPRv (16/32/64 by the operand size), GPRy (32/64), GPRz (16/32),
# GPR32/GPR64, VEX's VGPR32/VGPR64/VGPRy, the OrAX-style implicit ones
# (v-sized) and the fixed EAX/RAX ... registers.  GPR8/GPR16 and AL/AX
# never are: a write there leaves the rest of the register.
GPR_WIDE = re.compile(r"^(V?GPR(v|y|z|32|64)_\w+|Or[A-Z]+|XED_REG_[ER](AX|BX|CX|DX|SI|DI|BP|SP)|"
                      r"XED_REG_R(8|9|1[0-5])D?)$")
# Any general register an operand may name implicitly (not the stack pointer,
# which pop/push move as the operand's own business).
GPR_IMPLICIT = re.compile(r"^(Or[A-Z]+|Ar[A-Z]+|XED_REG_[ER]?(AX|BX|CX|DX|SI|DI|BP)|"
                          r"XED_REG_[ABCD][LH]|XED_REG_R(8|9|1[0-5])[DWB]?)$")
STACK = re.compile(r"^(ArSP|SrSP|XED_REG_STACKPOP|XED_REG_STACKPUSH|XED_REG_[ER]?SP)$")


def operand(tok):
    """`REG0=GPRv_R():w`, `MEM0:w:v` -> (name, register, fields)."""
    name, _, rest = tok.partition("=")
    fields = (rest or tok).split(":")
    return (name.split(":")[0], fields[0].replace("()", "") if rest else "", fields[1:])


def dest_write(operands):
    """One form's OPERANDS -> (access, wide, implicit_read) of its first
    operand, the destination: access "w", "cw", "rw", "r" ...; wide when
    that register can be 32/64 bits (GPR_WIDE); implicit_read when another
    operand reads a general register the text does not name (mulx reads
    %rdx).  None when the first operand is memory or no register."""
    toks = operands.split()
    if not toks:
        return None
    name, reg, fields = operand(toks[0])
    if not re.fullmatch(r"REG\d", name):
        return None  # MEM0 (a memory destination), IMM0, RELBR, AGEN ...: no register written
    acc = fields[0] if fields else ""
    for t in toks[1:]:
        n, r, f = operand(t)
        if (re.fullmatch(r"(REG|BASE)\d|INDEX", n) and {"SUPP", "IMPL"} & set(f) and "r" in f[0]
                and GPR_IMPLICIT.match(r) and not STACK.match(r)):
            return acc, bool(GPR_WIDE.match(reg)), True
    return acc, bool(GPR_WIDE.match(reg)), False


def facts(xed):
    ic = {}
    for name in xed.files():
        for b in forms(xed.read(name)):
            e = ic.setdefault(b["ICLASS"], {"reads": set(), "writes": None, "count": None,
                                            "cat": set(), "short": True, "dest": [],
                                            "reads_only": True, "operands": False})
            e["operands"] = e["operands"] or any(o.split() for o in b["OPERANDS"])
            e["dest"] += [d for d in map(dest_write, b["OPERANDS"]) if d]
            e["reads_only"] = e["reads_only"] and all(reads_only(o) for o in b["OPERANDS"])
            e["cat"].add(b.get("CATEGORY", ""))
            if not b["PATTERN"] or any("BRDISP8()" not in p for p in b["PATTERN"]):
                e["short"] = False
            always, count = set(FLAGS), set(FLAGS)
            clauses = flag_sets(b.get("FLAGS", ""))
            if not clauses or b.get("CATEGORY") in OS_RESTORES:
                always = count = set()
            for qual, kind, acts in clauses:
                e["reads"] |= {f for f, a in acts.items() if "tst" in a}
                w = {f for f, a in acts.items() if a & WRITE_ACTS} if kind == "MUST" else set()
                if kind == "MAY":
                    count = None  # a count in a register: maybe none (not a count form)
                if qual.startswith("IMM"):
                    always = set()
                else:
                    always &= w
                if count is not None:
                    count &= w
            if len([c for c in clauses if not c[0]]) > 1:
                always = count = set()  # REP/NOREP clauses: not read here
            e["writes"] = always if e["writes"] is None else e["writes"] & always
            if count is not None:
                e["count"] = count if e["count"] is None else e["count"] & count
    return ic


def reads_only(operands):
    """One form's OPERANDS -> whether it has operands and writes none."""
    toks = operands.split()
    return bool(toks) and all("w" not in (operand(t)[2][0] if operand(t)[2] else "") for t in toks)


def writes_dest(dests):
    """1: every form with a register destination writes it (:w) and reads no
    general register the text does not name, one of them 32/64 bits wide;
    2: the same, every one conditionally (:cw, cmov); 0 otherwise."""
    if not dests or not any(wide for _, wide, _ in dests) or any(imp for _, _, imp in dests):
        return 0
    accs = {acc for acc, _, _ in dests}
    return 1 if accs == {"w"} else 2 if accs == {"cw"} else 0


# GNU as's compare pseudo-ops: cmp<predicate><type> is the compare with
# the predicate as its immediate (gas: `cmpltpd %xmm1, %xmm2` is `cmppd $1,
# %xmm1, %xmm2`).  One row per imm8 value, in order, with gas's names for
# it: the first is the Intel SDM's pseudo-op name (Vol. 2A, CMPPD/CMPPS:
# "Pseudo-Op and CMPPD Implementation" for 0-7, "Pseudo-Op and VCMPPD
# Implementation" for 0-31; binutils' opcodes/i386-opc.tbl spells the same
# names), the second the SDM's predicate name of Table 3-1 (EQ_OQ, LT_OS
# ...) where it differs, which gas also takes after vcmp.  The legacy SSE
# forms (cmp...) have imm8 0-7 and the first name only; the VEX/EVEX forms
# (vcmp...) all.  GNU as 2.40 assembles every one of these names.
CMP_PREDICATES = [
    (0x00, "eq", "eq_oq"), (0x01, "lt", "lt_os"), (0x02, "le", "le_os"),
    (0x03, "unord", "unord_q"), (0x04, "neq", "neq_uq"), (0x05, "nlt", "nlt_us"),
    (0x06, "nle", "nle_us"), (0x07, "ord", "ord_q"), (0x08, "eq_uq"),
    (0x09, "nge", "nge_us"), (0x0A, "ngt", "ngt_us"), (0x0B, "false", "false_oq"),
    (0x0C, "neq_oq"), (0x0D, "ge", "ge_os"), (0x0E, "gt", "gt_os"),
    (0x0F, "true", "true_uq"), (0x10, "eq_os"), (0x11, "lt_oq"), (0x12, "le_oq"),
    (0x13, "unord_s"), (0x14, "neq_us"), (0x15, "nlt_uq"), (0x16, "nle_uq"),
    (0x17, "ord_s"), (0x18, "eq_us"), (0x19, "nge_uq"), (0x1A, "ngt_uq"),
    (0x1B, "false_os"), (0x1C, "neq_os"), (0x1D, "ge_oq"), (0x1E, "gt_oq"),
    (0x1F, "true_us"),
]
# The type suffix -> the ICLASS the pseudo-op assembles to (a type whose
# ICLASS XED lacks gets no rows: ph/sh are AVX512-FP16's).
SSE_CMP = {"ps": "CMPPS", "pd": "CMPPD", "ss": "CMPSS", "sd": "CMPSD_XMM"}
AVX_CMP = {"ps": "VCMPPS", "pd": "VCMPPD", "ss": "VCMPSS", "sd": "VCMPSD", "ph": "VCMPPH",
           "sh": "VCMPSH"}
# gas's waiting x87 forms: fwait (9B), then the no-wait instruction
# (`fstsw %ax` is 9B DF E0): the facts of that sequence.
X87_WAITING = {"fstsw": "FNSTSW", "fstcw": "FNSTCW", "fstenv": "FNSTENV", "fsave": "FNSAVE",
               "finit": "FNINIT", "fclex": "FNCLEX"}


def aliases(ic):
    """gas mnemonic -> the ICLASSes it assembles to, in order (only those
    whose ICLASSes XED has)."""
    out = {}
    for imm8, *names in CMP_PREDICATES:
        for suffix, iclass in SSE_CMP.items():
            if imm8 < 8:
                out["cmp" + names[0] + suffix] = [iclass]
        for suffix, iclass in AVX_CMP.items():
            for n in names:
                out["vcmp" + n + suffix] = [iclass]
    for name, iclass in X87_WAITING.items():
        out[name] = ["FWAIT", iclass]
    return {n: seq for n, seq in out.items() if all(c in ic for c in seq)}


def row(name, e):
    """An ICLASS's facts -> (flow, reads, writes, count_writes, short_only,
    writes_dest, reads_only, has_operands)."""
    flows = {CATEGORY_FLOW.get(c, "SAS_FLOW_NONE") for c in e["cat"]}
    flow = ("SAS_FLOW_STOP" if name in STOP else FAR[name] if name in FAR
            else "SAS_FLOW_NONE" if name in FALLS_THROUGH
            else flows.pop() if len(flows) == 1 else None)
    if flow is None:
        raise SystemExit(f"{name}: categories {sorted(e['cat'])} disagree on the flow")
    short = int(e["short"] and flow == "SAS_FLOW_JCC")
    return (flow, mask(e["reads"]), mask(e["writes"]), mask((e["count"] or set()) | e["writes"]),
            short, writes_dest(e["dest"]), int(e["reads_only"]), e["operands"])


def sequence(alias, rows):
    """The facts of instructions run one after the other (fwait; fnstsw):
    each falls through (flow NONE); flags read: those one reads that no
    earlier one wrote; written: the union; the destination and reads_only
    are the last one's, the others having no operand."""
    reads = writes = count = 0
    for r in rows:
        if r[0] != "SAS_FLOW_NONE":
            raise SystemExit(f"{alias}: {r[0]} in a sequence")
        reads |= r[1] & ~writes
        writes |= r[2]
        count |= r[3]
    if any(r[7] for r in rows[:-1]):
        raise SystemExit(f"{alias}: an instruction before the last has operands")
    last = rows[-1]
    return ("SAS_FLOW_NONE", reads, writes, count, 0, last[5], last[6], last[7])


def table(xed):
    ic = facts(xed)
    rows = {name.lower(): row(name, e) for name, e in ic.items()}
    for alias, seq in aliases(ic).items():
        if alias in rows:
            raise SystemExit(f"{alias}: an alias and an ICLASS")
        rows[alias] = sequence(alias, [rows[c.lower()] for c in seq])
    out = []
    for name, r in sorted(rows.items()):
        out.append(f'    {{"{name}", {r[0]}, {r[1]}, {r[2]}, {r[3]}, {r[4]}, {r[5]}, {r[6]}}},\n')
    rows = out
    head = (f"/* Generated by asm/gen/gen_x86_table.py from Intel XED {xed.commit()}:\n"
            " * do not edit, run the script.  Sorted by name (bsearch in x86.c).\n"
            " * XED's ICLASSes and gas's aliases of them (cmpltpd, vcmpnle_uqps,\n"
            " * fstsw: the script's aliases()).\n"
            " * {name, flow, reads, writes, count_writes, short_only, writes_dest,\n"
            " * reads_only}; flags\n"
            " * are SAS_CF 1, SAS_PF 2, SAS_AF 4, SAS_ZF 8, SAS_SF 16, SAS_OF 32;\n"
            " * writes_dest: 1 the destination register written, not read; 2 written\n"
            " * conditionally (cmov); 0 neither; reads_only: 1 no operand written\n"
            " * (cmp, test); see the script's docstring. */\n")
    return head + "".join(rows)


# In match order (x86_bytes.c takes the first form that matches): endbr
# before the NOP forms with the same bytes (XED tells them apart by CET=1).
BYTE_ICLASSES = ["ENDBR64", "ENDBR32", "RDRAND", "RDSEED", "ADCX", "ADOX", "MULX", "PAUSE",
                 "XBEGIN", "XEND", "XABORT", "XTEST", "RET_NEAR",
                 "SHA1RNDS4", "SHA1NEXTE", "SHA1MSG1", "SHA1MSG2", "SHA256RNDS2", "SHA256MSG1",
                 "SHA256MSG2", "AESENC", "AESENCLAST", "AESDEC", "AESDECLAST", "AESIMC",
                 "AESKEYGENASSIST", "PCLMULQDQ", "PSHUFB", "PALIGNR", "NOP"]
IMM = {"UIMM8()": "8", "SIMM8()": "8", "BRDISP8()": "8", "UIMM16()": "16", "UIMM32()": "32",
       "BRDISP32()": "32", "SIMMz()": "Z", "UIMMz()": "Z", "BRDISPz()": "Z", "UIMMv()": "V"}
PREFIX = {"osz_refining_prefix": "66", "refining_f3": "F3", "f3_refining_prefix": "F3",
          "refining_f2": "F2", "f2_refining_prefix": "F2", "no_refining_prefix": "NONE",
          "not_refining": "NOT_F2_F3", "not_refining_f3": "NOT_F3",
          "VNP": "NONE", "V66": "66", "VF3": "F3", "VF2": "F2"}
VEX_MAP = {"V0F": 1, "V0F38": 2, "V0F3A": 3}
# Decoder state XED tests that changes no byte of the form (CET=1: endbr
# rather than a NOP with the same bytes; P4=1: pause rather than rep nop)
# or only says what the operands are.
# FORCE64() (a near branch's operand size is 64 bits in 64-bit mode, 66 or
# not), BRANCH_HINT() (2E/3E before a Jcc), CET_NO_TRACK() (3E before an
# indirect branch) and norex2_prefix (no APX REX2, which x86_bytes.c does
# not read) change no byte of the form either.
IGNORED = re.compile(r"^(\w+=\d+|IMMUNE66\(\)|IMMUNE66_LOOP64\(\)|DF64\(\)|REFINING66\(\)|"
                     r"MODRM\(\)|norexb4_prefix|REX_PREFIX=\d|VL128|FORCE64\(\)|BRANCH_HINT\(\)|"
                     r"CET_NO_TRACK\(\)|norex2_prefix)$")
# The address size a form needs (jcxz/jecxz/jrcxz are one opcode, E3,
# told apart by the address size: 67 in 64-bit mode is 32 bits).
EAMODE = {"eamode16": 16, "eamode32": 32, "eamode64": 64}
# Branches written as bytes (x86_bytes.c): the forms of XED's branch
# CATEGORYs (BRANCH_CATEGORIES) whose operand is a relative displacement
# (RELBR: BRDISP8/BRDISP32/BRDISPz, the target relative to the location
# counter) or a near register or memory operand (ff /2, ff /4: indirect,
# `indirect` in the row).  Far branches (a PTR operand, or a memory
# operand of a far pointer, width p/p2) are left out: not known.
BRANCH_CATEGORIES = ("COND_BR", "UNCOND_BR", "CALL")
FAR_WIDTHS = {"p", "p2"}


def byte_form(pattern):
    """PATTERN -> the row's fields, or None when it has a token not read here."""
    f = {"vex": 0, "map": 0, "opcode": None, "opmask": 0xFF, "pfx": "ANY", "w": -1, "mode": 0,
         "mod": "NONE", "reg": -1, "rm": -1, "rexb": -1, "imm": "0", "eamode": 0, "indirect": 0}
    toks = pattern.split()
    i = 0
    while i < len(toks):
        t = toks[i]
        if re.fullmatch(r"0x[0-9A-Fa-f]{2}", t):
            v = int(t, 16)
            if f["opcode"] is None and f["map"] == 0 and v == 0x0F and not f["vex"]:
                f["map"] = 1
            elif f["opcode"] is None and f["map"] == 1 and v in (0x38, 0x3A) and not f["vex"] \
                    and i + 1 < len(toks) and toks[i + 1].startswith("0x"):
                f["map"] = 2 if v == 0x38 else 3
            elif f["opcode"] is None:
                f["opcode"] = v
            else:
                return None
        elif re.fullmatch(r"0b[01_]+", t) and f["opcode"] is None:
            bits = t[2:].replace("_", "")
            if len(bits) != 5 or i + 1 >= len(toks) or not toks[i + 1].startswith("SRM["):
                return None
            f["opcode"], f["opmask"] = int(bits, 2) << 3, 0xF8
            srm = toks[i + 1][4:-1]
            if srm.startswith("0b"):
                f["opcode"] |= int(srm[2:], 2)
                f["opmask"] = 0xFF
            i += 1
        elif t == "SRM=0":
            pass
        elif t == "VV1":
            f["vex"] = 1
        elif t in VEX_MAP and f["vex"]:
            f["map"] = VEX_MAP[t]
        elif t in PREFIX:
            f["pfx"] = PREFIX[t]
        elif t in ("W0", "W1"):
            f["w"] = int(t[1])
        elif t == "mode64":
            f["mode"] = 64
        elif t == "not64":
            f["mode"] = 32
        elif t.startswith("MOD[") :
            f["mod"] = "REG" if t == "MOD[0b11]" else "MEM"
        elif t in ("MOD=3", "MOD!=3"):
            f["mod"] = "REG" if t == "MOD=3" else "MEM"
        elif t.startswith(("REG[", "RM[")):
            field, val = t[:-1].split("[")
            if val.startswith("0b"):
                f[field.lower()] = int(val[2:], 2)
        elif t in EAMODE:
            f["eamode"] = EAMODE[t]
        elif t == "MODEP5=1":
            return None  # Xeon Phi's mode (loope/loopne as REP prefixes say): not decoded
        elif t == "norexb_prefix":
            f["rexb"] = 0
        elif t in IMM:
            if f["imm"] != "0":
                return None
            f["imm"] = IMM[t]
        elif IGNORED.match(t):
            pass
        else:
            return None
        i += 1
    if f["opcode"] is None or (f["vex"] and not f["map"]):
        return None
    return f


def branch_kind(operands):
    """A branch form's OPERANDS -> "relative" (RELBR), "indirect" (its first
    operand a near register or memory operand, read), or None (far: PTR, or
    a far pointer in memory)."""
    toks = [operand(t) for t in operands.split()]
    if any(n == "PTR" for n, _, _ in toks):
        return None
    if any(n == "RELBR" for n, _, _ in toks):
        return "relative"
    if toks:
        n, reg, fields = toks[0]
        if re.fullmatch(r"MEM0|REG0", n) and fields and "r" in fields[0] and \
                not FAR_WIDTHS & set(fields[1:]) and not (n == "REG0" and "SUPP" in fields):
            return "indirect"
    return None


def byte_table(xed):
    want = {n: [] for n in BYTE_ICLASSES}
    order = list(BYTE_ICLASSES)
    for name in xed.files():
        for b in forms(xed.read(name)):
            if b["ICLASS"] in BYTE_ICLASSES:
                for p in b["PATTERN"]:
                    f = byte_form(p)
                    if f:
                        want[b["ICLASS"]].append(f)
            elif b.get("CATEGORY") in BRANCH_CATEGORIES:
                for p, o in zip(b["PATTERN"], b["OPERANDS"]):
                    kind = branch_kind(o)
                    f = byte_form(p) if kind else None
                    if f:
                        f["indirect"] = int(kind == "indirect")
                        if b["ICLASS"] not in want:
                            want[b["ICLASS"]] = []
                            order.append(b["ICLASS"])
                        want[b["ICLASS"]].append(f)
    rows = []
    for name in order:
        if not want[name]:
            raise SystemExit(f"{name}: no form whose PATTERN gen_x86_table.py reads")
        for f in want[name]:
            rows.append(f'    {{"{name.lower()}", {f["vex"]}, {f["map"]}, 0x{f["opcode"]:02x}, '
                        f'0x{f["opmask"]:02x}, X86B_PFX_{f["pfx"]}, {f["w"]}, {f["mode"]}, '
                        f'X86B_MOD_{f["mod"]}, {f["reg"]}, {f["rm"]}, {f["rexb"]}, '
                        f'X86B_IMM_{f["imm"]}, {f["eamode"]}, {f["indirect"]}}},\n')
    head = (f"/* Generated by asm/gen/gen_x86_table.py from Intel XED {xed.commit()}:\n"
            " * do not edit, run the script.  In match order (x86_bytes.c).\n"
            " * {name, vex, map (1 0F, 2 0F38, 3 0F3A), opcode, opcode mask, refining\n"
            " *  prefix, W (-1 any), mode (0 any, 64, 32), mod, reg, rm, REX.B (-1 any),\n"
            " *  immediate, address size (0 any, 16, 32, 64), indirect}; name is the\n"
            " *  row of x86_insn_table.inc with the facts; indirect: a near branch\n"
            " *  through a register or memory (its flow made indirect), else a\n"
            " *  branch's target is relative to the location counter. */\n")
    return head + "".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xed", required=True, help="XED clone or mirror")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "x86_insn_table.inc"))
    ap.add_argument("--check", metavar="FILE", help="compare with FILE, write nothing")
    a = ap.parse_args()
    try:
        xed = Xed(a.xed)
    except SystemExit as e:
        print(e)
        return 77 if a.check else 2
    target = a.check or a.out
    outputs = [(target, table(xed)),
               (os.path.join(os.path.dirname(target), "x86_byte_table.inc"), byte_table(xed))]
    if a.check:
        status = 0
        for path, text in outputs:
            try:
                with open(path) as f:
                    same = f.read() == text
            except OSError:
                same = False
            print(f"{path}: {'matches' if same else 'differs from'} the XED datafiles")
            status |= not same
        return status
    for path, text in outputs:
        with open(path, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
