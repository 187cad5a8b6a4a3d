#!/usr/bin/env python3
"""Cycles of machine instructions that pass no tick, in instrumented code.

Usage: tickfree_cycles.py [--objdump PROG] [--print-noreturn] [--from-entries] FILE...

The guarantee ("no instrumented instruction runs twice with the same pc
and sp without a tick in between") checked statically on the code the
compiler finally emitted, so it sees loops the backend made after the
plugins ran.  For each function holding at least one tick sequence (an
instrumented function) it builds the instruction-level control-flow graph
from the disassembly (direct branches, fall-through; calls return to the
next instruction unless the callee is known not to return; indirect jumps
and tail calls leave the function; so does a branch whose operand a
relocation fills, `jmp f@PLT`, whatever target the unrelocated bytes
show) and looks for a cycle that avoids every
tick's first instruction.

A call does not return when one of two facts in the same file says so:
- the callee is defined in the file and no path of its code from its
  entry reaches a return or leaves it (a jump out, an indirect jump, the
  end of its code), calls counting as returning unless their own callee
  does not (a fixpoint over all functions of the file: a user's noreturn
  function, a static helper that calls abort);
- the file's DWARF (built with -g) describes a function of that name with
  DW_AT_noreturn: the declaration the compiler generated the call from,
  so the code after the call was never meant to run (abort, exit, a
  user's noreturn declaration, _gfortran_os_error_at).
Nothing else (no list of names): a call no fact covers returns, which can
only report a cycle too many, never hide one.

--from-entries: only the instructions reached from the symbol's first one
through the edges above count, for assembly that keeps data in its code
sections (OpenSSL's tables in .text after a function's code, before the
next symbol, which objdump disassembles as instructions).  Code entered
only through an indirect jump is then not checked (softticks-as, the one
user, refuses a file computing a code address from a label but for such
jumps, and the tracer checks what runs); a direct branch to an address
between two disassembled instructions is an error (exit 2) rather than a
cycle it might hide, and a function whose reached code holds an
instruction objdump cannot decode ("(bad)") is said not to be checked.

A cycle whose every pass lowers the stack pointer by a constant (a stack
probe loop) repeats no (pc, sp) pair: its sp-lowering instructions count as
cuts when the cycle holds nothing that raises sp.

Prints one line per tick-free cycle ("FILE: FUNCTION: tick-free cycle at
ADDR..ADDR: INSN ...") and exits 1 if there is any; 0 when none; 2 on bad
input (a file objdump cannot read, or no instrumented function at all).
"""
import re
import subprocess
import sys

FUNC_RE = re.compile(r"^([0-9a-f]+) <(.+)>:$")
INSN_RE = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
TARGET_RE = re.compile(r"^([0-9a-f]+)(?: <[^>]*>)?$")
RELOC_RE = re.compile(r"^R_(X86_64|386|AARCH64)_\w+\s")

# The first instruction of each tick sequence (include/rr/softticks.h).
X86_TICK_RE = re.compile(r"^testb\s+\$0x80,0x70001807$")
AARCH64_TICK_RE = re.compile(r"^mov\s+x16, #0x7001(0000)?$")  # movz x16, #0x7001, lsl #16

X86_UNCOND = {"jmp", "jmpq", "jmpl", "bnd jmp", "notrack jmp"}
X86_NO_FALLTHROUGH = {"ret", "retq", "retl", "hlt", "ud2", "bnd ret", "repz ret", "rep ret",
                      "jmp", "jmpq", "jmpl", "bnd jmp", "notrack jmp"}
AARCH64_NO_FALLTHROUGH = {"b", "br", "ret", "braa", "brab", "retaa", "retab", "udf", "brk"}
AARCH64_COND = re.compile(r"^(b\.[a-z]+|cbn?z|tbn?z)$")


class Insn:
    def __init__(self, addr, text):
        self.addr = addr
        self.text = text
        self.succs = []
        self.relocated = False  # a relocation fills its operand (objdump -r)


def split_mnemonic(text):
    for prefix in ("bnd ", "notrack ", "repz ", "rep ", "lock ", "data16 "):
        if text.startswith(prefix) and prefix.strip() in ("bnd", "notrack"):
            rest = text[len(prefix):]
            m, _, ops = rest.partition(" ")
            return prefix + m, ops
    m, _, ops = text.partition(" ")
    return m, ops


def branch_target(ops):
    last = ops.split(",")[-1].strip()
    m = TARGET_RE.match(last)
    return int(m.group(1), 16) if m else None


def call_target(insn, aarch64):
    """(address, symbol) of a direct call, or None (not a call, indirect)."""
    mnem, ops = split_mnemonic(insn.text)
    base = mnem.split()[-1]
    if (base != "bl") if aarch64 else not base.startswith("call"):
        return None
    if ops.startswith("*"):
        return None
    m = re.match(r"^([0-9a-f]+) <([^>+]+)>$", ops.split(",")[-1].strip())
    return (int(m.group(1), 16), m.group(2)) if m else None


def x86_edges(insn, next_addr):
    mnem, ops = split_mnemonic(insn.text)
    base = mnem.split()[-1]
    if base.startswith("j") or base.startswith("loop") or base == "xbegin":
        # A relocated branch goes to a symbol (a tail call, `jmp f@PLT`):
        # the target objdump prints is the unrelocated displacement's.
        relocated = insn.relocated and base.startswith("j")
        target = branch_target(ops) if not ops.startswith("*") and not relocated else None
        succs = [] if target is None else [target]
        if mnem not in X86_UNCOND and base not in ("jmp", "jmpq", "jmpl"):
            succs.append(next_addr)
        return succs
    if mnem in X86_NO_FALLTHROUGH or base in ("ret", "retq", "retl", "hlt", "ud2"):
        return []
    # AMD's two-byte return (OpenSSL writes .byte 0xf3,0xc3): "repz ret".
    if mnem in ("rep", "repz") and ops.split(" ")[0] in ("ret", "retq", "retl"):
        return []
    return [next_addr]


def aarch64_edges(insn, next_addr):
    mnem, ops = split_mnemonic(insn.text)
    if mnem == "b":
        target = branch_target(ops) if not insn.relocated else None
        return [] if target is None else [target]
    if AARCH64_COND.match(mnem):
        target = branch_target(ops) if not insn.relocated else None
        return ([] if target is None else [target]) + [next_addr]
    if mnem in AARCH64_NO_FALLTHROUGH:
        return []
    return [next_addr]


SP_X86 = r"%[re]?sp"


def lowers_sp(text, aarch64):
    """Lowers the stack pointer by a positive constant."""
    if aarch64:
        m = re.match(r"^sub sp, sp, #(0x[0-9a-f]+|\d+)", text)
        return bool(m) and int(m.group(1), 0) > 0
    if re.match(r"^push", text):
        return True
    m = re.match(r"^sub[lq]? \$(0x[0-9a-f]+|\d+),%[re]?sp$", text)
    return bool(m) and int(m.group(1), 0) > 0


def writes_sp(text, aarch64):
    """Writes the stack pointer (any way but a constant lowering)."""
    if lowers_sp(text, aarch64):
        return False
    if aarch64:
        m = text.split(" ", 1)
        return len(m) == 2 and re.match(r"^sp\b", m[1]) is not None and not m[0].startswith(("st", "cmp", "tst"))
    if re.match(r"^(pop|leave|ret)", text):
        return True
    return re.search(r",%[re]?sp$", text) is not None and not re.match(r"^(cmp|test)", text)


def sccs(nodes, succ):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(succ(nxt))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on_stack.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                out.append(comp)
    return out


def cyclic(comp, succ):
    return len(comp) > 1 or comp[0] in succ(comp[0])


def tickfree_cycles(insns, aarch64):
    """The instruction sets of the cycles that pass no cut."""
    by_addr = {i.addr: i for i in insns}
    tick_re = AARCH64_TICK_RE if aarch64 else X86_TICK_RE
    cuts = {i.addr for i in insns if tick_re.match(i.text)}

    def succ_in(allowed):
        return lambda a: [s for s in by_addr[a].succs if s in allowed]

    live = {a for a in by_addr if a not in cuts}
    found = []
    for comp in sccs(sorted(live), succ_in(live)):
        if not cyclic(comp, succ_in(live)):
            continue
        texts = [by_addr[a].text for a in comp]
        if any(lowers_sp(t, aarch64) for t in texts) and not any(writes_sp(t, aarch64) for t in texts):
            inner = {a for a in comp if not lowers_sp(by_addr[a].text, aarch64)}
            for sub in sccs(sorted(inner), succ_in(inner)):
                if cyclic(sub, succ_in(inner)):
                    found.append(sorted(sub))
            continue
        found.append(sorted(comp))
    return found


def dwarf_noreturn(objdump, path):
    """Names DWARF describes with DW_AT_noreturn (none without -g)."""
    try:
        out = subprocess.run([objdump, "--dwarf=info", path], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return set()
    names, die_names, noreturn = set(), [], False
    for line in out.splitlines():
        if re.match(r"^\s*<\d+><[0-9a-f]+>:", line):
            if noreturn:
                names.update(die_names)
            die_names, noreturn = [], False
            continue
        m = re.match(r"^\s*<[0-9a-f]+>\s+DW_AT_(name|linkage_name|MIPS_linkage_name)\s*:\s*(.*)$", line)
        if m:
            die_names.append(m.group(2).rsplit(": ", 1)[-1].strip())
        elif re.match(r"^\s*<[0-9a-f]+>\s+DW_AT_noreturn\s*:\s*1", line):
            noreturn = True
    if noreturn:
        names.update(die_names)
    return names


def callee_name(symbol):
    return symbol[:-4] if symbol.endswith("@plt") else symbol


def noreturn_callees(functions, aarch64, declared):
    """Names of the callees that do not return (see the module doc)."""
    edges = aarch64_edges if aarch64 else x86_edges
    never = {name for name in functions} | set(declared)  # optimistic start
    changed = True
    while changed:
        changed = False
        for name, insns in functions.items():
            if name not in never or name in declared or not insns:
                continue
            addrs = {i.addr for i in insns}
            seen, work, returns = set(), [insns[0].addr], False
            by_addr = {i.addr: (k, i) for k, i in enumerate(insns)}
            while work and not returns:
                a = work.pop()
                if a in seen:
                    continue
                seen.add(a)
                k, insn = by_addr[a]
                nxt = insns[k + 1].addr if k + 1 < len(insns) else None
                call = call_target(insn, aarch64)
                if call and callee_name(call[1]) in never:
                    continue
                succs = edges(insn, nxt)
                mnem = split_mnemonic(insn.text)[0].split()[-1]
                if not succs or None in succs or any(s not in addrs for s in succs):
                    # a return, an indirect jump, a tail call, the end of
                    # the code; a trap (ud2, hlt, brk, udf) returns nowhere
                    if mnem not in ("ud2", "hlt", "brk", "udf"):
                        returns = True
                    continue
                work.extend(succs)
            if returns:
                never.discard(name)
                changed = True
    return never


def disassemble(objdump, path, keep_bad=False):
    try:
        out = subprocess.run([objdump, "-d", "-r", "-w", "--no-show-raw-insn", path],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"tickfree_cycles: cannot disassemble {path}: {e}")
    aarch64 = "aarch64" in out.split("file format", 1)[-1].split("\n", 1)[0]
    functions, current = {}, None
    for line in out.splitlines():
        m = FUNC_RE.match(line)
        if m:
            current = functions.setdefault(m.group(2), [])
            continue
        m = INSN_RE.match(line)
        if m and current is not None and RELOC_RE.match(m.group(2)):
            if current:
                current[-1].relocated = True
            continue
        if m and current is not None:
            # objdump separates the mnemonic, the operands and a comment
            # ("# ..." on x86, "// ..." on aarch64) with tabs.
            parts = [p.strip() for p in m.group(2).split("\t")]
            parts = [p for p in parts if p and not p.startswith(("#", "//"))]
            text = re.sub(r"\s+", " ", " ".join(parts))
            if (text.startswith("(bad)") and not keep_bad) or not text:
                continue
            current.append(Insn(int(m.group(1), 16), text))
    return aarch64, functions


def reached(path, name, insns):
    """The instructions reached from the first one (--from-entries)."""
    by_addr = {i.addr: i for i in insns}
    seen, work = set(), [insns[0].addr] if insns else []
    while work:
        a = work.pop()
        if a in seen:
            continue
        seen.add(a)
        if "(bad)" in by_addr[a].text:
            # objdump does not know it (VIA PadLock's xsha512: f3 0f a6 e0)
            # and reads the next bytes out of step: nothing to check on.
            print(f"{path}: {name}: objdump cannot decode the instruction at {a:#x}: "
                  "function not checked")
            return []
        for s in by_addr[a].succs:
            if s in by_addr:
                work.append(s)
            elif insns[0].addr <= s <= insns[-1].addr:
                sys.exit(f"tickfree_cycles: {path}: {name}: a branch at {a:#x} reaches {s:#x}, "
                         "between two disassembled instructions")
    return [i for i in insns if i.addr in seen]


def main(argv):
    objdump = "objdump"
    files = []
    print_noreturn = from_entries = False
    args = iter(argv)
    for a in args:
        if a == "--from-entries":
            from_entries = True
        elif a == "--print-noreturn":  # the callees found not to return (tests)
            print_noreturn = True
        elif a == "--objdump":
            objdump = next(args, None) or sys.exit("tickfree_cycles: --objdump needs a program")
        else:
            files.append(a)
    if not files:
        sys.exit(__doc__.split("\n\n")[1])
    status, instrumented = 0, 0
    for path in files:
        aarch64, functions = disassemble(objdump, path, keep_bad=from_entries)
        never = noreturn_callees(functions, aarch64, dwarf_noreturn(objdump, path))
        if print_noreturn:
            print("\n".join(sorted(never & (set(functions) | dwarf_noreturn(objdump, path)))))
            continue
        tick_re = AARCH64_TICK_RE if aarch64 else X86_TICK_RE
        for name, insns in functions.items():
            if not any(tick_re.match(i.text) for i in insns):
                continue
            instrumented += 1
            edges = aarch64_edges if aarch64 else x86_edges
            for k, insn in enumerate(insns):
                nxt = insns[k + 1].addr if k + 1 < len(insns) else None
                call = call_target(insn, aarch64)
                if call and callee_name(call[1]) in never:
                    insn.succs = []
                    continue
                insn.succs = [s for s in edges(insn, nxt) if s is not None]
            if from_entries:
                insns = reached(path, name, insns)
            for comp in tickfree_cycles(insns, aarch64):
                by_addr = {i.addr: i for i in insns}
                body = "; ".join(by_addr[a].text for a in comp[:8])
                more = " ..." if len(comp) > 8 else ""
                print(f"{path}: {name}: tick-free cycle at {comp[0]:#x}..{comp[-1]:#x}: {body}{more}")
                status = 1
    if instrumented == 0 and not print_noreturn:
        print(f"tickfree_cycles: no instrumented function in {' '.join(files)}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
