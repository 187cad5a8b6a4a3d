#!/usr/bin/env python3
"""The command line of softticks-inspect: exit statuses (0 fine, 1 some
file had an error, 2 usage), usage text, and that an error in one file
does not stop the others."""
import argparse
import json
import os
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(*cmd):
    p = subprocess.run(list(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--instrumented", required=True)
    a = ap.parse_args()
    t = a.tool

    rc, out, err = run(t)
    check(rc == 2 and "usage:" in err and out == "", "no arguments: rc %d out %r" % (rc, out))
    rc, out, err = run(t, "--bogus", a.instrumented)
    check(rc == 2 and "usage:" in err and out == "", "unknown option: rc %d out %r" % (rc, out))
    rc, out, err = run(t, "--help")
    check(rc == 0 and "usage:" in out and "Exit status" in out, "--help: rc %d" % rc)

    rc, out, err = run(t, a.instrumented)
    check(rc == 0 and out.startswith(a.instrumented + ": instrumented"), "text: rc %d %r" % (rc, out))

    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "bad")
        with open(a.instrumented, "rb") as f:
            data = f.read()
        with open(bad, "wb") as f:
            f.write(data[: len(data) // 2])
        # The bad file first: the good one after it is still inspected.
        rc, out, err = run(t, "--json", bad, a.instrumented)
        check(rc == 1, "one bad file: exit status %d, expected 1" % rc)
        try:
            r = json.loads(out)
            check(len(r) == 2 and "error" in r[0] and r[1].get("instrumented") is True,
                  "bad then good: %r" % r)
            check(r[0]["instrumented"] is False and r[0]["tick_sites"] is None and
                  r[0]["abi_version"] is None, "error object keys: %r" % r[0])
        except ValueError as e:
            failures.append("not JSON: %s" % e)
        rc, out, err = run(t, bad)
        check(rc == 1 and out.startswith(bad + ": error: "), "text error line: %r" % out)

    # Writing to a closed pipe or full disk is an error, not a success.
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            p = subprocess.run([t, a.instrumented], stdout=full, stderr=subprocess.PIPE)
        check(p.returncode == 1, "output to /dev/full: exit status %d" % p.returncode)

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("ok: command line")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
