#!/usr/bin/env python3
"""Compares glibc's test results of the instrumented and the plain build
(build-and-test.sh): RESULTS/{instrumented,plain}-SUBDIR.sum, lines
"STATUS: subdir/test" as glibc's merge-test-results.sh writes them.
Prints per subdirectory the counts of both builds and every test whose
status differs; exit status 1 when the failure sets differ (another
difference, PASS against UNSUPPORTED, is listed but not a failure).
  compare-test-results.py RESULTS SUBDIR...
"""
import collections
import os
import sys


def read(path):
    results = {}
    with open(path) as f:
        for line in f:
            status, _, test = line.strip().partition(": ")
            if test:
                results[test] = status
    return results


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root, subdirs = argv[1], argv[2:]
    differ, other = [], []
    print(f"{'subdir':10} {'instrumented':>40}   {'plain':>40}")
    for subdir in subdirs:
        runs = {}
        for flavour in ("instrumented", "plain"):
            path = os.path.join(root, f"{flavour}-{subdir}.sum")
            if not os.path.exists(path):
                print(f"{subdir}: {path} missing", file=sys.stderr)
                return 2
            runs[flavour] = read(path)
        cells = []
        for flavour in ("instrumented", "plain"):
            count = collections.Counter(runs[flavour].values())
            cells.append(", ".join(f"{count[s]} {s.lower()}" for s in ("PASS", "FAIL", "UNSUPPORTED", "XFAIL", "XPASS") if count[s]))
        print(f"{subdir:10} {cells[0]:>40}   {cells[1]:>40}")
        for test in sorted(set(runs["instrumented"]) | set(runs["plain"])):
            a, b = runs["instrumented"].get(test, "-"), runs["plain"].get(test, "-")
            if a != b:
                (differ if "FAIL" in (a, b) else other).append(f"  {test}: instrumented {a}, plain {b}")
    failed = {
        flavour: sorted(
            t for subdir in subdirs for t, s in read(os.path.join(root, f"{flavour}-{subdir}.sum")).items() if s == "FAIL"
        )
        for flavour in ("instrumented", "plain")
    }
    for flavour in ("instrumented", "plain"):
        print(f"{flavour} failures ({len(failed[flavour])}): {' '.join(failed[flavour]) or 'none'}")
    if other:
        print("other differences:")
        print("\n".join(other))
    if differ:
        print("failures that differ:")
        print("\n".join(differ))
        return 1
    print("the failure sets are equal")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
