#!/usr/bin/env python3
"""softticks-inspect's JSON output follows tools/schema.json: the report
(stdout) and the summary (stderr) of real runs over the fixtures, an
archive, a truncated file, a missing path and a file name that is not
UTF-8 validate, with and without --functions; damaged copies (a required
member dropped, an unknown member added, a count of the wrong type, the
arch spelt "x86_64", an error entry with a tick count) do not.  Exit 77
(skip) without python3-jsonschema."""
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


def inspect(tool, *args):
    p = subprocess.run([tool, "--json", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=300)
    try:
        report = json.loads(p.stdout.decode("utf-8"))
        summary = [json.loads(line) for line in p.stderr.decode("utf-8").splitlines()
                   if line.startswith('{"summary"')]
    except ValueError as e:
        failures.append("%s: not JSON (%s)" % (" ".join(args), e))
        return None, None
    if len(summary) != 1:
        failures.append("%s: %d summary lines" % (" ".join(args), len(summary)))
        return report, None
    return report, summary[0]


def damaged_reports(report):
    """Copies of a valid report that the schema must reject."""
    out = []
    files = [i for i, f in enumerate(report) if "error" not in f]
    errors = [i for i, f in enumerate(report) if "error" in f]
    if files:
        i = files[0]
        for what, change in [
                ("without verdict", lambda f: f.pop("verdict")),
                ("with an unknown member", lambda f: f.update(unexpected_member=1)),
                ("tick_sites as a string", lambda f: f.update(tick_sites="7")),
                ("arch spelt x86_64", lambda f: f["tick_sites_by_arch"].update(
                    {"x86_64": f["tick_sites_by_arch"].pop("x86-64")})),
                ("verdict error without a message", lambda f: f.update(verdict="error"))]:
            d = copy.deepcopy(report)
            change(d[i])
            out.append((what, d))
    if errors:
        d = copy.deepcopy(report)
        d[errors[0]]["tick_sites"] = 0
        out.append(("an error with a tick count", d))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--validator", required=True)
    ap.add_argument("--fixtures", required=True, help="the fixture directory")
    ap.add_argument("--elf", required=True, help="one ELF file, to truncate and rename")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    rc, err = validate(a.validator, "inspect-report", [])
    if rc == 77:
        print(err.strip())
        return 77

    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    data = open(a.elf, "rb").read()
    truncated = os.path.join(a.work, "truncated")
    with open(truncated, "wb") as f:
        f.write(data[:200])
    odd_name = os.path.join(a.work.encode(), b"not-utf8-\xff-\x01-name")
    with open(odd_name, "wb") as f:
        f.write(data)
    inputs = [a.fixtures, truncated, os.fsdecode(odd_name), os.path.join(a.work, "missing")]

    runs = 0
    for options in ([], ["--functions"]):
        report, summary = inspect(a.tool, *options, *inputs)
        if report is None:
            continue
        runs += 1
        if not any("error" in f for f in report) or len(report) < 10:
            failures.append("%s: expected files and errors, got %d entries"
                            % (options, len(report)))
        rc, err = validate(a.validator, "inspect-report", report)
        if rc != 0:
            failures.append("%s: the report does not follow inspect-report:\n%s" % (options, err))
        if summary is not None:
            rc, err = validate(a.validator, "inspect-summary", summary)
            if rc != 0:
                failures.append("%s: the summary does not follow inspect-summary:\n%s"
                                % (options, err))
            bad = copy.deepcopy(summary)
            del bad["summary"]["archives"]
            if validate(a.validator, "inspect-summary", bad)[0] != 1:
                failures.append("%s: a summary without archives is accepted" % options)
        for what, bad in damaged_reports(report):
            rc, _ = validate(a.validator, "inspect-report", bad)
            if rc != 1:
                failures.append("%s: a report %s is accepted (status %d)" % (options, what, rc))

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(a.work, ignore_errors=True)
        print("ok: %d inspect reports follow tools/schema.json; damaged copies do not" % runs)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
