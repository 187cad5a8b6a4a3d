#!/usr/bin/env python3
"""runtime/regen_init_tables.py refuses an initializer that is not
self-contained, with exit status 1 and a message saying why, and leaves
the header as it was; page_init.c itself passes its checks (control).
Each case works on a copy of the header.  By hand, from the source tree:

    python3 tests/runtime/init_table_rejects.py runtime/regen_init_tables.py \\
        include/rr/softticks.h runtime/page_init.c /tmp/w

Exit 77 (skip) without gcc-12, the compiler of the x86 tables."""
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def regen(regen_py, *args):
    p = subprocess.run([sys.executable, regen_py, *args], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    print("regen_init_tables.py %s -> %d\n%s" % (" ".join(args), p.returncode, p.stderr))
    return p.returncode, p.stderr


def try_regen(regen_py, header, work, src, want_rc, want_msg):
    """Checks the x86 tables only (the bad sources are x86-64 code); False
    when the tables' compiler is missing."""
    name = os.path.splitext(os.path.basename(src))[0]
    copy = os.path.join(work, name + ".h")
    shutil.copyfile(header, copy)
    rc, err = regen(regen_py, "--source", src, "--header", copy,
                    "--cc-aarch64", "no-such-compiler-here")
    if rc == SKIP:
        return False
    if rc != want_rc:
        failures.append("%s: exit status %d, want %d: %s" % (name, rc, want_rc, err))
    elif not re.search(want_msg, err):
        failures.append("%s: message %r does not match %r" % (name, err, want_msg))
    with open(header) as a, open(copy) as b:
        if a.read() != b.read():
            failures.append("%s: the header copy changed (a refused or unchanged "
                            "initializer must leave it alone)" % name)
    if os.path.exists(copy + ".tmp"):
        failures.append("%s: %s.tmp left behind" % (name, copy))
    return True


def main(regen_py, header, page_init, work):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # Control: refuses to rewrite without every arch's compiler, and says
    # so; the x86 tables pass the checks on the way.
    if not try_regen(regen_py, header, work, page_init, 1, "every arch's compiler is needed"):
        print("SKIP: no gcc-12, nothing checked")
        return SKIP
    bad = os.path.join(HERE, "bad")
    try_regen(regen_py, header, work, os.path.join(bad, "bad_init_data.c"), 1,
              "section .bss .* is code or data besides")
    try_regen(regen_py, header, work, os.path.join(bad, "bad_init_call.c"), 1,
              "relocations apply to the object")
    try_regen(regen_py, header, work, os.path.join(bad, "bad_init_other_code.c"), 1,
              "section .text .* is code or data besides")
    # Bad usage and a source that does not compile.
    rc, _ = regen(regen_py, "--no-such-option")
    if rc != 2:
        failures.append("bad option: exit status %d, want 2" % rc)
    broken = os.path.join(work, "broken.c")
    with open(broken, "w") as f:
        f.write("this is not C\n")
    try_regen(regen_py, header, work, broken, 1, "failed")
    # A header without the table markers is refused.
    empty = os.path.join(work, "empty.h")
    with open(empty, "w") as f:
        f.write("/* no tables */\n")
    rc, err = regen(regen_py, "--header", empty)
    if rc != 1 or "no BEGIN/END lines" not in err:
        failures.append("header without markers: exit status %d, message %r" % (rc, err))
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
