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

  gen_x86_table.py --xed DIR [--out FILE]    write the table
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
    """Each instruction block: its fields, PATTERN lines kept as a list."""
    block = None
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line == "{":
            block = {"PATTERN": []}
        elif line == "}":
            if block and "ICLASS" in block:
                yield block
            block = None
        elif block is not None and ":" in line:
            key, value = (s.strip() for s in line.split(":", 1))
            if key == "PATTERN":
                block["PATTERN"].append(value)
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


def facts(xed):
    ic = {}
    for name in xed.files():
        for b in forms(xed.read(name)):
            e = ic.setdefault(b["ICLASS"], {"reads": set(), "writes": None, "count": None,
                                            "cat": set(), "short": True})
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


def table(xed):
    rows = []
    for name, e in sorted(facts(xed).items(), key=lambda kv: kv[0].lower()):
        flows = {CATEGORY_FLOW.get(c, "SAS_FLOW_NONE") for c in e["cat"]}
        flow = ("SAS_FLOW_STOP" if name in STOP else FAR[name] if name in FAR
                else "SAS_FLOW_NONE" if name in FALLS_THROUGH
                else flows.pop() if len(flows) == 1 else None)
        if flow is None:
            raise SystemExit(f"{name}: categories {sorted(e['cat'])} disagree on the flow")
        short = int(e["short"] and flow == "SAS_FLOW_JCC")
        rows.append(f'    {{"{name.lower()}", {flow}, {mask(e["reads"])}, {mask(e["writes"])}, '
                    f'{mask((e["count"] or set()) | e["writes"])}, {short}}},\n')
    head = (f"/* Generated by asm/gen/gen_x86_table.py from Intel XED {xed.commit()}:\n"
            " * do not edit, run the script.  Sorted by name (bsearch in x86.c).\n"
            " * {name, flow, reads, writes, count_writes, short_only}; flags are\n"
            " * SAS_CF 1, SAS_PF 2, SAS_AF 4, SAS_ZF 8, SAS_SF 16, SAS_OF 32. */\n")
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
    text = table(xed)
    if a.check:
        with open(a.check) as f:
            same = f.read() == text
        print(f"{a.check}: {'matches' if same else 'differs from'} the XED datafiles")
        return 0 if same else 1
    with open(a.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
