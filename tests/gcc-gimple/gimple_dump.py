#!/usr/bin/env python3
"""Prints the GCC plugin pass's dump of one compile.

Compiles the file with the plugin and -fdump-tree-all in a scratch
directory and prints the one dump file *.softticks.  (GCC 12 reads
-fdump-tree-<pass> before it loads plugins, so it does not know
-fdump-tree-softticks; -fdump-tree-all covers plugin passes too.)

Unless --raw is given, each tick -- an asm statement whose text and
clobbers are exactly the ABI's sequence for ARCH, written here by hand from
the ABI, not taken from the plugin -- is printed as one line
"SOFTTICKS_TICK;" so that CHECK-NEXT lines can follow it.  An asm that
differs in any byte stays as it is.

Usage: gimple_dump.py ARCH|--raw GCC PLUGIN GCC-ARGUMENTS...
ARCH: x86_64, i386 or aarch64.
GCC's stderr passes through; the exit status is GCC's (or 1 without one
dump file).
"""
import glob
import re
import subprocess
import sys
import tempfile

SEQUENCES = {
    "x86_64":
    ("testb $0x80, 0x70001807\n\t.byte 0x75, 0x0b\n\tdecq 0x70001800\n"
     "\t.byte 0x75, 0x01\n\tint3\n", '"cc"'),
    "i386":
    ("testb $0x80, 0x70001807\n\t.byte 0x75, 0x13\n\tsubl $1, 0x70001800\n"
     "\t.byte 0x75, 0x0a\n\tsubl $1, 0x70001804\n\t.byte 0x73, 0x01\n\tint3\n", '"cc"'),
    "aarch64":
    ("movz x16, #0x7001, lsl #16\n\tldr x17, [x16, #0x800]\n\ttbnz x17, #63, 1f\n"
     "\tsub x17, x17, #1\n\tstr x17, [x16, #0x800]\n\tcbnz x17, 1f\n\tbrk #0x5354\n"
     "1: mov x17, xzr\n", '"x16", "x17"'),
}


def collapse_ticks(text, arch):
    body, clobbers = SEQUENCES[arch]
    statement = '__asm__ __volatile__("%s" :  :  : %s);' % (body, clobbers)
    return re.sub(r"(?m)^(\s*(?:\[[^]]*\] )?)" + re.escape(statement) + "$", r"\1SOFTTICKS_TICK;", text)


def main(argv):
    if len(argv) < 4 or (argv[0] != "--raw" and argv[0] not in SEQUENCES):
        sys.stderr.write(__doc__)
        return 2
    arch, gcc, plugin, args = argv[0], argv[1], argv[2], argv[3:]
    with tempfile.TemporaryDirectory() as scratch:
        status = subprocess.call([gcc, "-fplugin=" + plugin, "-c", "-fdump-tree-all", *args,
                                  "-dumpdir", scratch + "/", "-o", scratch + "/out.o"])
        if status != 0:
            return status
        dumps = glob.glob(scratch + "/*.softticks")
        if len(dumps) != 1:
            sys.stderr.write("gimple_dump.py: expected one *.softticks dump, found %d\n"
                             % len(dumps))
            return 1
        with open(dumps[0]) as f:
            text = f.read()
    sys.stdout.write(text if arch == "--raw" else collapse_ticks(text, arch))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
