#!/usr/bin/env python3
"""softticks-trace's JSON reports follow tools/schema.json: each command's
real output on the test programs validates, and the same output, damaged
(a required member dropped, an unknown member added, a member of the wrong
type, the arch spelt "x86_64"), does not: the schema and the validator can
fail.  A function whose name is not UTF-8 (renamed with objcopy) still
gives valid JSON.  Exit 77 (skip) without python3-jsonschema."""
import argparse
import copy
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from schema_check import validate  # noqa: E402

failures = []


def run(trace, *args):
    p = subprocess.run([trace, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=300)
    try:
        return json.loads(p.stdout.decode("utf-8"))  # strict: JSON text is UTF-8
    except ValueError:
        failures.append("%s: not JSON: %r" % (" ".join(args), p.stdout[:300]))
        return None


def damaged(document):
    """Copies of a valid report that the schema must reject."""
    out = []
    for key in ("ticks", "violations", "every", "pc"):
        if key in document:
            d = copy.deepcopy(document)
            del d[key]
            out.append(("without %s" % key, d))
            break
    d = copy.deepcopy(document)
    d["unexpected_member"] = 1
    out.append(("with an unknown member", d))
    for key in ("ticks_exact", "exit_status"):
        if key in document:
            d = copy.deepcopy(document)
            d[key] = "yes"
            out.append(("%s of the wrong type" % key, d))
            break
    if "arch" in document:
        d = copy.deepcopy(document)
        d["arch"] = "x86_64"
        out.append(("arch spelt x86_64", d))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trace", required=True)
    ap.add_argument("--progs", required=True, help="one arch's test programs")
    ap.add_argument("--validator", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    rc, err = validate(a.validator, "trace-count", {})
    if rc == 77:
        print(err.strip())
        return 77
    loops = a.progs + "/ticks_loops"
    reports = [
        ("trace-count", ["count", "--json", loops]),
        ("trace-count", ["count", "--json", "--period", "7", a.progs + "/processes"]),
        ("trace-stop-at", ["stop-at", "5", "--json", loops]),
        ("trace-stop-at", ["stop-at", "5", "--continue", "--json", loops]),
        ("trace-slices", ["slices", "--every", "300", "--json", loops]),
        ("trace-check", ["check", "--json", loops]),
        ("trace-check", ["check", "--json", a.progs + "/unticked_loop"]),
    ]
    for definition, args in reports:
        document = run(a.trace, *args)
        if document is None:
            continue
        rc, err = validate(a.validator, definition, document)
        if rc != 0:
            failures.append("%s does not follow %s:\n%s" % (" ".join(args), definition, err))
            continue
        for what, bad in damaged(document):
            rc, _ = validate(a.validator, definition, bad)
            if rc != 1:
                failures.append("%s %s: accepted as %s (status %d)"
                                % (" ".join(args), what, definition, rc))
    # A function named with bytes that are not UTF-8, a quote and a control
    # character: the tick-5 stop is in f of ticks_loops.
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    renamed = os.path.join(a.work, "ticks_loops_renamed")
    objcopy = shutil.which("objcopy")
    if objcopy:
        subprocess.run([objcopy, b"--redefine-sym=f=f\xff\"\x01", loops, renamed], check=True)
        document = run(a.trace, "stop-at", "5", "--json", renamed)
        if document is not None and document.get("function") != "f\u00ff\"\u0001":
            failures.append("renamed f: function %r" % document.get("function"))
        elif document is not None and validate(a.validator, "trace-stop-at", document)[0] != 0:
            failures.append("renamed f: the report does not follow trace-stop-at")
    else:
        print("note: no objcopy; the non-UTF-8 function name is not checked")

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(a.work, ignore_errors=True)
        print("ok: %d trace reports follow tools/schema.json; damaged copies do not"
              % len(reports))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
