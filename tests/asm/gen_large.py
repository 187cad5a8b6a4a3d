#!/usr/bin/env python3
"""Writes large x86-64 assembly units for softticks-as's size tests
(asan.sh, many_sections.sh), on stdout:

  aliases N   N functions, each with a loop and followed by `.set aliasK,
              targetK` (issue 30: the second name's lookup grew the symbol
              table under the first's pointer).  The functions have 1 to 3
              local labels in turn, so that every growth of the table falls
              on a `.set` at some size.
  sections N  N functions, each in its own -ffunction-sections section, then
              `.text.__rr_softticks_x`, an opted-out function with a loop
              (`optout_loop`): nothing in it may tick.
  big N       N functions of all these kinds: loops, aliases, own sections,
              macros with loops invoked, numeric labels, jump tables, calls,
              data sections, then the opted-out function.  N = 30000 writes
              about 11 MB, 90000 labels and 20000 sections.
"""
import sys


def function(out, k, section=None, locals_=1, long_name=False):
    name = "f%d" % k
    if long_name:  # C++ mangled names often pass 255 characters
        name = "_ZN%d%s%dE" % (300, "n" * 300, k)
    if section:
        out.append('\t.section\t.text.%s,"ax",@progbits' % name)
    else:
        out.append("\t.text")
    out.append("\t.globl\t%s\n\t.type\t%s, @function\n%s:" % (name, name, name))
    out.append("\txorl\t%eax, %eax")
    for j in range(locals_):
        out.append(".L%d_%d:\n\taddq\t%%rdi, %%rax\n\tdecq\t%%rdi\n\tjnz\t.L%d_%d" % (k, j, k, j))
    out.append("\tret\n\t.size\t%s, .-%s" % (name, name))
    return name


def aliases(n):
    # softticks-as's table held 2 * symbols slots from 1024 up and grew when
    # a lookup that may create found it half full: the `.set` broke when
    # its first name was the one that filled it to a half (512, 1024, ...).
    # Each function here adds itself and 1 or 2 local labels (distinct
    # names), chosen so that an alias lands on every half.
    out, count, half = [], 0, 512
    for k in range(n):
        locals_ = 1 + k % 2
        if half - count in (3, 4):   # f, .L[, .L], alias: the alias lands on it
            locals_ = half - count - 2
        elif half - count == 5:      # two steps of 2 + 1 are needed
            locals_ = 1
        name = function(out, k, locals_=locals_)
        out.append("\t.set\talias%d, %s" % (k, name))
        count += 2 + locals_
        if count >= half:
            half *= 2
    return out


def opted_out(out):
    out.append('\t.section\t.text.__rr_softticks_x,"ax",@progbits')
    out.append("\t.globl\toptout_loop\n\t.type\toptout_loop, @function\noptout_loop:")
    out.append(".Loptout:\n\tdecq\t%rdi\n\tjnz\t.Loptout\n\tret")
    out.append("\t.size\toptout_loop, .-optout_loop")


def sections(n):
    out = []
    for k in range(n):
        function(out, k, section=True)
    opted_out(out)
    return out


def big(n):
    out = [".macro\tspin reg\n1:\n\tdecq\t\\reg\n\tjnz\t1b\n.endm"]
    for k in range(n):
        kind = k % 6
        if kind == 0:
            name = function(out, k, section=True, locals_=2)
        elif kind == 1:
            name = function(out, k, locals_=1, long_name=(k % 12 == 1))
            out.append("\t.set\talias%d, %s" % (k, name))
        elif kind == 2:  # a macro's loop and numeric labels
            name = "f%d" % k
            out.append('\t.section\t.text.%s,"ax",@progbits' % name)
            out.append("\t.type\t%s, @function\n%s:\n\tspin %%rdi\n\tspin %%rsi" % (name, name))
            out.append("2:\n\tdecq\t%rdx\n\tjnz\t2b\n\tcall\tf0\n\tret")
        elif kind == 3:  # a jump table in .rodata
            name = "f%d" % k
            out.append("\t.text\n\t.type\t%s, @function\n%s:" % (name, name))
            out.append("\tjmp\t*.Ltab%d(,%%rdi,8)\n.Lc%d_0:\n\tret\n.Lc%d_1:\n\tdecq\t%%rsi\n"
                       "\tjnz\t.Lc%d_1\n\tret" % (k, k, k, k))
            out.append("\t.section\t.rodata\n\t.align 8\n.Ltab%d:\n\t.quad\t.Lc%d_0\n"
                       "\t.quad\t.Lc%d_1" % (k, k, k))
        elif kind == 4:  # data of its own section, pushsection
            out.append('\t.pushsection\t.data.d%d,"aw",@progbits\nd%d:\n\t.quad\t%d\n\t.popsection'
                       % (k, k, k))
            name = function(out, k, locals_=1)
        else:
            name = function(out, k, section=True, locals_=3)
            out.append("\t.weak\tw%d\n\t.set\tw%d, %s" % (k, k, name))
    opted_out(out)
    return out


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    lines = {"aliases": aliases, "sections": sections, "big": big}[kind](n)
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
