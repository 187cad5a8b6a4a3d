#!/usr/bin/env python3
"""Runs one of the runtime's test programs (built by tests/runtime for one
arch) and checks it against values computed here, not by the program:

    run_checks.py [--runner QEMU] ARCH workload EXE THREADS
        run_workload: THREADS threads agree on every tick count; the loop
        ticks once per iteration, the naive fib once per call
        (calls(n) = 2 * fib(n + 1) - 1); armed_at_start: the zero page of
        x86-64/aarch64 reads as armed until the first tick wraps it,
        i386's initializer writes all ones.
    run_checks.py [--runner QEMU] ARCH inproc EXE
        inproc_exact: the in-process harness counts exactly.
    run_checks.py [--runner QEMU] ARCH foreign_trap EXE
        inproc_exact: a SIGTRAP that is not a tick trap stops the harness
        (exit 70).

By hand, from a build tree: python3 ../tests/runtime/run_checks.py x86_64
workload tests/runtime/native/run_workload 8.  Native runs tick hard,
qemu runs (--runner, or i386 under i386_guard.sh's qemu-i386) are smaller."""
import argparse
import os
import subprocess
import sys

FIB_N, SORT_N = 22, 3000
EXACT_LOOP, EXACT_FIB, EXACT_SORT = 5000, 15, 300
ARMED_AT_START = {"x86_64": 1, "i386": 0, "aarch64": 1}


def fib_and_calls(n):
    """fib(n) by iteration, and the calls of the naive recursion."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a, 2 * b - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", help="qemu-user for foreign programs")
    ap.add_argument("arch", choices=sorted(ARMED_AT_START))
    ap.add_argument("check", choices=("workload", "inproc", "foreign_trap"))
    ap.add_argument("exe")
    ap.add_argument("threads", nargs="?", type=int)
    a = ap.parse_args()
    runner = [a.runner] if a.runner else []  # --runner= : native
    if not runner and a.arch == "i386" and os.environ.get("ST_I386_RUNNER"):
        runner = [os.environ["ST_I386_RUNNER"]]  # qemu-i386 (tests/support/i386_guard.sh)
    if a.check == "workload":
        loop = 300000 if runner else 3000000
        fib, calls = fib_and_calls(FIB_N)
        cmd = [a.exe, a.threads, loop, FIB_N, SORT_N]
        want = ("threads=%d agree=1\nloop_sum=%d loop_ticks=%d\nfib=%d fib_ticks=%d\n"
                "sorted=1 sort_ticks_match=1\narmed_at_start=%d armed_at_end=0\n"
                % (a.threads, loop * (loop - 1) // 2, loop, fib, calls, ARMED_AT_START[a.arch]))
        want_rc = 0
    elif a.check == "inproc":
        cmd = [a.exe, EXACT_LOOP, EXACT_FIB, fib_and_calls(EXACT_FIB)[1], EXACT_SORT]
        want, want_rc = None, 0
    else:
        cmd, want, want_rc = [a.exe, "foreign"], None, 70
    cmd = runner + [str(x) for x in cmd]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, universal_newlines=True)
    print(" ".join(cmd) + " -> %d\n%s" % (p.returncode, p.stdout))
    if p.returncode != want_rc:
        sys.exit("FAIL: exit status %d, want %d" % (p.returncode, want_rc))
    if want is not None and p.stdout != want:
        sys.exit("FAIL: the output differs; want:\n" + want)
    return 0


if __name__ == "__main__":
    sys.exit(main())
