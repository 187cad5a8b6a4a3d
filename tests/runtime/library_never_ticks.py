#!/usr/bin/env python3
"""librrsoftticks' own code never ticks: no native tick sequence in the
executable code (.text) of the shared library (its .rodata does hold one,
for rr_softticks_tick_bytes).  By hand, from the source tree:

    python3 tests/runtime/library_never_ticks.py build/runtime/librrsoftticks.so \\
        abi/tick-sequences.txt x86_64

The sequence's first 8 bytes (x86-64: testb $0x80, 0x70001807) come from
the ABI's data file, not from the library."""
import subprocess
import sys
import tempfile


def main(lib, seq_file, arch):
    with open(seq_file) as f:
        fields = next(line.split() for line in f if line.split()[:1] == [arch])
    head = bytes.fromhex("".join(fields[2:10]))
    with tempfile.NamedTemporaryFile() as text:
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.text", lib, text.name],
                       check=True)
        code = text.read()
    if len(code) < 32:
        sys.exit("FAIL: no .text in %s" % lib)
    at = code.find(head)
    if at != -1:
        sys.exit("FAIL: %s: a tick sequence (%s) in .text at offset %#x" % (lib, head.hex(), at))
    print("no tick sequence (%s) in %d bytes of .text" % (head.hex(), len(code)))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
