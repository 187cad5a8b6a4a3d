#!/usr/bin/env python3
"""Same instructions but the inserted ticks: PLAIN.o and TICKED.o.

Usage: compare_insns.py [--objdump PROG] [--from-entries] PLAIN TICKED [PLAIN TICKED...]

Disassembles both objects (x86-64, i386 or aarch64), drops from TICKED every tick
sequence of include/rr/softticks.h with the flag save around it
(lea -0x80(%rsp),%rsp; push; lahf; [seto]; ... [add $0x7f,%al]; sahf;
pop; lea 0x80(%rsp),%rsp) and the module parts' sections
(.text.__rr_softticks*) -- on aarch64 the 32-byte sequence with the
stp/ldp of x16/x17 around it --, drops alignment padding from both, and compares
the rest instruction by instruction, section by section.  Branch and
RIP-relative targets are compared as the index of the instruction they
reach (a branch may have grown from 2 to 5 bytes; its target is the
same instruction); a short branch softticks-as widened (jrcxz A; jmp B;
A: jmp T; B:) compares as the original (jrcxz T).  Exit 0 when equal, 1 on the first difference
(printed), 2 on bad input.  Prints the number of instructions compared
and ticks dropped.

--from-entries: an instruction of PLAIN that no symbol's first instruction
reaches by fall-through and direct branches (data kept in a code section,
OpenSSL's tables in .text, which objdump decodes as instructions) is
compared without the addresses it names: its bytes did not change, but a
"branch" decoded from table bytes reaches another instruction once ticks
moved the code around it.  Counted as "unreached" in the summary; at the
end of a section the last (at most 8) unreached ones may differ (a
string's end decoded together with the alignment padding gas appends).
"""
import re
import subprocess
import sys

SEC_RE = re.compile(r"^Disassembly of section (\S+):$")
INSN_RE = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
TARGET_RE = re.compile(r"^(.*?\b)([0-9a-f]+) <[^>]*>$")
RIP_RE = re.compile(r"^(.*)#\s*([0-9a-f]+) <[^>]*>$")
# gas's 32-bit padding also uses lea of a register onto itself (no flags,
# no memory access): lea 0x0(%esi),%esi, lea 0x0(%esi,%eiz,1),%esi.
NOP_RE = re.compile(r"^((data16|cs|ds|rex\.?\w*)\s+)*(nop[wlq]?|xchg %ax,%ax\b|"
                    r"lea (%cs:)?0x0\(%e([sd]i)(,%eiz,1)?\),%e\5$)")
TICK = [r"testb \$0x80,0x70001807$", r"jne ", r"(decq 0x70001800|subl \$0x1,0x70001800)$",
        r"jne "]
TICK_I386_TAIL = [r"subl \$0x1,0x70001804$", r"jae "]
SAVE = [r"lea -0x80\(%rsp\),%rsp$", r"push %[re]ax$", r"lahf$", r"seto %al$"]
RESTORE = [r"add \$0x7f,%al$", r"sahf$", r"pop %[re]ax$", r"lea 0x80\(%rsp\),%rsp$"]
A64_TICK = [r"mov x16, #0x70010000$", r"ldr x17, \[x16, #2048\]$", r"tbnz x17, #63, ",
            r"sub x17, x17, #0x1$", r"str x17, \[x16, #2048\]$", r"cbnz x17, ", r"brk #0x5354$",
            r"mov x17, xzr$"]
A64_SAVE = [r"stp x16, x17, \[sp, #-16\]!$"]
A64_RESTORE = [r"ldp x16, x17, \[sp\], #16$"]
BRANCH_RE = re.compile(r"^(j|call|loop|xbegin|bnd j|notrack j|b |bl |b\.|cbn?z |tbn?z |adrp? )")


def disassemble(objdump, path):
    try:
        out = subprocess.run([objdump, "-d", "-w", "--no-show-raw-insn", path],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"compare_insns: cannot disassemble {path}: {e}")
    sections, cur = {}, None
    global AARCH64
    entry_symbols(objdump, path)
    AARCH64 = "aarch64" in out.split("file format", 1)[-1].split("\n", 1)[0]
    for line in out.splitlines():
        m = SEC_RE.match(line)
        if m:
            cur = None if m.group(1).startswith(".text.__rr_softticks") else \
                sections.setdefault(m.group(1), [])
            continue
        m = INSN_RE.match(line)
        if m and cur is not None:
            text = re.sub(r"\s+", " ", m.group(2).replace("\t", " ")).strip()
            text = re.sub(r"\s*//.*$", "", text)
            if text:
                cur.append((int(m.group(1), 16), text))
    return sections


def matches(insns, k, pats):
    return k + len(pats) <= len(insns) and all(
        re.match(p, insns[k + i][1]) for i, p in enumerate(pats))


SHORT_RE = re.compile(r"^(jrcxz|jecxz|jcxz|loop[a-z]*) ")


def target_of(text):
    m = TARGET_RE.match(text)
    return int(m.group(2), 16) if m else None


def unwiden(insns):
    """softticks-as widens a short branch (jrcxz T) that ticks pushed out
    of reach into: jrcxz A; jmp B; A: jmp T; B: -- back to jrcxz T."""
    out, k, n = [], 0, 0
    while k < len(insns):
        a, text = insns[k]
        if SHORT_RE.match(text) and k + 2 < len(insns) and \
                target_of(text) == insns[k + 2][0] and insns[k + 1][1].startswith("jmp ") and \
                insns[k + 2][1].startswith("jmp ") and \
                (k + 3 == len(insns) or target_of(insns[k + 1][1]) == insns[k + 3][0]):
            out.append((a, text.split(" ")[0] + " " + insns[k + 2][1].split(" ", 1)[1]))
            k += 3
            n += 1
            continue
        out.append(insns[k])
        k += 1
    return out, n


def save_at(insns, k):
    """The flag save starting at k: its length and whether OF is saved
    (seto); (0, False) if none.  The whole sequence must be there: a
    program's own push %rax before a tick is no save."""
    for pats in (SAVE, SAVE[1:]):  # x86-64 steps over the red zone; i386 does not
        if matches(insns, k, pats[:-1]):
            n = len(pats) - 1
            seto = matches(insns, k + n, pats[-1:])
            return n + seto, seto
    return 0, False


def strip_ticks(insns):
    """The instructions without tick sequences and their saves; the count."""
    if AARCH64:
        return strip_a64_ticks(insns)
    keep, k, ticks = [], 0, 0
    while k < len(insns):
        n, seto = save_at(insns, k)
        j = k + n
        if matches(insns, j, TICK):
            j += len(TICK)
            if matches(insns, j, TICK_I386_TAIL):
                j += len(TICK_I386_TAIL)
            if j < len(insns) and insns[j][1] == "int3":
                j += 1
                # The restore only after a save (a tick after a call can be
                # followed by the program's pop %rax), in its order.
                restore = (RESTORE if seto else RESTORE[1:]) if n else []
                if n and insns[k][1].startswith("push"):
                    restore = restore[:-1]  # i386: no lea
                if matches(insns, j, restore):
                    ticks += 1
                    k = j + len(restore)
                    continue
        keep.append(insns[k])
        k += 1
    return keep, ticks


def strip_a64_ticks(insns):
    keep, k, ticks = [], 0, 0
    while k < len(insns):
        j = k + 1 if matches(insns, k, A64_SAVE) else k
        if matches(insns, j, A64_TICK):
            j += len(A64_TICK)
            if j > k + len(A64_TICK):  # saved: the restore must follow
                if not matches(insns, j, A64_RESTORE):
                    keep.append(insns[k])
                    k += 1
                    continue
                j += 1
            ticks += 1
            k = j
            continue
        keep.append(insns[k])
        k += 1
    return keep, ticks


AARCH64 = False
ENTRIES = {}  # (path, section): the addresses of its symbols
# objdump -t: address, flags (7 columns), section, size, name.
SYMTAB_RE = re.compile(r"^([0-9a-f]+) (.{7}) (\S+)\s+[0-9a-f]+\s+\S")


def entry_symbols(objdump, path):
    """The functions (STT_FUNC) and global symbols of each section."""
    out = subprocess.run([objdump, "-t", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = SYMTAB_RE.match(line)
        if m and ("F" in m.group(2) or "g" in m.group(2)):
            ENTRIES.setdefault((path, m.group(3)), set()).add(int(m.group(1), 16))
END_RE = re.compile(r"^((rep|repz|bnd|notrack) )?(jmp|ret|retq|retl|ljmp|ud2|hlt|b|ret x30|br|eret)( |$)")


def reached(texts, entries):
    """Indices of the normalized instructions the entries reach."""
    seen, work = set(), list(entries)
    while work:
        i = work.pop()
        if i in seen or i >= len(texts):
            continue
        seen.add(i)
        t = texts[i]
        m = re.search(r"@(\d+)$", t)
        if m and BRANCH_RE.match(t) and not t.startswith(("call", "bl ", "adr")):
            work.append(int(m.group(1)))
        if not END_RE.match(t):
            work.append(i + 1)
    return seen


def masked(text):
    """An instruction without the addresses it names."""
    text = re.sub(r"@(\d+|end)$", "@?", text)
    return re.sub(r"\b[0-9a-f]+ <[^>]*>", "?", text)


def normalize(insns, entries=None):
    insns = [(a, t) for a, t in insns if not NOP_RE.match(t)]
    addrs = [a for a, _ in insns]
    if entries is not None:
        for e in ENTRIES_NOW:
            entries.update(i for i in [next((i for i, a in enumerate(addrs) if a >= e), None)]
                           if i is not None)

    def index_of(addr):
        for i, a in enumerate(addrs):
            if a >= addr:
                return f"@{i}"
        return "@end"

    out = []
    for _, text in insns:
        m = TARGET_RE.match(text)
        if m and BRANCH_RE.match(text):
            text = m.group(1) + index_of(int(m.group(2), 16))
        m = RIP_RE.match(text)
        if m:
            text = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "(%rip)", m.group(1).strip()) + \
                " " + index_of(int(m.group(2), 16))
        out.append(text)
    return out


ENTRIES_NOW = set()


def compare(plain_path, ticked_path, objdump, from_entries=False):
    """0 when equal (prints the counts), 1 on the first difference."""
    global ENTRIES_NOW
    plain, ticked = disassemble(objdump, plain_path), disassemble(objdump, ticked_path)
    compared, dropped, widened, unreached = 0, 0, 0, 0
    if set(plain) != set(ticked):
        print(f"compare_insns: {ticked_path}: sections differ: {sorted(plain)} vs {sorted(ticked)}")
        return 1
    for name in sorted(plain):
        kept, ticks = strip_ticks(ticked[name])
        kept, n = unwiden(kept)
        widened += n
        dropped += ticks
        # The plain object's own hand-written ticks count too (RR_SOFTTICK).
        ENTRIES_NOW = ENTRIES.get((plain_path, name), set())
        entries = set()
        a, b = normalize(strip_ticks(plain[name])[0], entries), normalize(kept)
        live = reached(a, entries) if from_entries else None
        for i in range(max(len(a), len(b))):
            x = a[i] if i < len(a) else "<end>"
            y = b[i] if i < len(b) else "<end>"
            if live is not None and i < len(a) and i not in live:
                unreached += 1
                x, y = masked(x), masked(y)
                x = re.sub(r"\(%rip\) @\?$", "(%rip)", x)
                y = re.sub(r"\(%rip\) @\?$", "(%rip)", y)
            if x != y and live is not None and not live.intersection(range(i, len(a))) and \
                    len(a) - i <= 8 and len(b) - i <= 8:
                # The last bytes of the section, unreached: the end of a
                # string and the section's alignment padding after it,
                # which gas fills to another length once ticks moved it.
                unreached += len(a) - i
                break
            if x != y:
                print(f"compare_insns: {ticked_path}: {name}: instruction {i} differs: {x!r} vs {y!r}")
                return 1
        compared += len(a)
    print(f"compare_insns: {compared} instructions equal, {dropped} ticks dropped, "
          f"{widened} short branches widened" +
          (f", {unreached} unreached (compared without addresses)" if from_entries else ""))
    return 0


def main(argv):
    objdump = "objdump"
    from_entries = False
    while argv and argv[0] in ("--objdump", "--from-entries"):
        if argv[0] == "--from-entries":
            from_entries, argv = True, argv[1:]
        elif len(argv) >= 2:
            objdump, argv = argv[1], argv[2:]
        else:
            break
    if len(argv) < 2 or len(argv) % 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    status = 0
    for k in range(0, len(argv), 2):
        status |= compare(argv[k], argv[k + 1], objdump, from_entries)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
