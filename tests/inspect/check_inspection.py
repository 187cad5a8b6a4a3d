#!/usr/bin/env python3
"""Runs softticks-inspect --json --functions on one file and checks what it
reports against expectations given on the command line:

  verdict=instrumented|not-instrumented|inconsistent|debug-info-only|error
  tick_sites=N            arch_sites=ARCH:N     abi_version=N|null
  abi_notes=N             init=DEFS/ENTRIES|null  init_by=symbol|code
  machine=NAME            type=NAME             reasons=N (how many)
  func:NAME=N             outside=N             manifests=N
  manifest.FIELD=VALUE    (of the first manifest)
  untracked=N|null        (functions without a tick that no rule exempts)
  tick_free:NAME=CLASS    (a function's class: untracked, start file, ...;
                           null when it ticks, missing when absent)
  reason~TEXT             warning~TEXT          (a message contains TEXT)
  exit=N                  (default 0)
Numeric expectations may be written KEY>=N (func:NAME>=N, tick_sites>=N,
arch_sites=ARCH:>=N).  With --table expectations.txt, the expectations of
the file's entry there come first (--entry, default the file's name
without its "ARCH-" prefix; --arch and --version fill in $m and $version).
By hand, from a build tree:

  python3 ../tests/inspect/check_inspection.py --tool tools/inspect/softticks-inspect \
      --table ../tests/inspect/expectations.txt --arch x86_64 --version 0.1.0 \
      tests/inspect/fixtures/x86_64-inst-exe

The text report of the same file is also produced, and must name the same
verdict.  Exits 1 with one line per failed expectation.
"""
import argparse
import fnmatch
import json
import os
import shlex
import subprocess
import sys


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def table_expectations(table, entry, arch, version):
    """The expectations of ENTRY in TABLE (the first line whose glob
    matches), with its @sets, $m and $version filled in."""
    sets = {}

    def expand(words):
        return [x for w in words for x in (sets[w] if w in sets else [w])]

    with open(table) as f:
        for line in f:
            words = shlex.split(line, comments=True)
            if len(words) > 2 and words[0].startswith("@") and words[1] == "=":
                sets[words[0]] = expand(words[2:])
            elif words and fnmatch.fnmatchcase(entry, words[0]):
                out = expand(words[1:])
                m = (arch or "").replace("_", "-")
                return [w.replace("$m", m).replace("$version", version or "") for w in out]
    sys.exit("no entry for %s in %s" % (entry, table))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--table", help="expectations.txt")
    ap.add_argument("--entry", help="the table's entry (default: the file's name without ARCH-)")
    ap.add_argument("--arch")
    ap.add_argument("--version", help="the project's version")
    ap.add_argument("file")
    ap.add_argument("expect", nargs="*")
    args = ap.parse_args()
    if not os.path.exists(args.file):
        # make_fixtures.py says which fixtures this machine cannot build.
        listed = os.path.join(os.path.dirname(args.file), "not-built.txt")
        reasons = [line.split(" ", 1)[1].strip() for line in open(listed)
                   if line.split(" ", 1)[0] == os.path.basename(args.file)] \
            if os.path.exists(listed) else []
        if reasons:
            print("SKIP %s: not built here: %s" % (args.file, reasons[0]))
            return 77
    if args.table:
        entry = args.entry or os.path.basename(args.file)
        if args.arch and entry.startswith(args.arch + "-"):
            entry = entry[len(args.arch) + 1:]
        args.expect = table_expectations(args.table, entry, args.arch, args.version) + args.expect
        print("expectations: " + " ".join(args.expect))

    rc, out, err = run([args.tool, "--json", "--functions", args.file])
    failures = []
    try:
        report = json.loads(out)
    except ValueError as e:
        print("output is not JSON (%s):\n%s\nstderr:\n%s" % (e, out, err))
        return 1
    if not isinstance(report, list) or len(report) != 1:
        print("expected a JSON array with one object, got:\n" + out)
        return 1
    r = report[0]
    functions = {f["name"]: f["tick_sites"] for f in r.get("functions", [])}
    tick_free = {f["name"]: f.get("tick_free", "missing") for f in r.get("functions", [])}
    expected_exit = 0

    for e in args.expect:
        if "~" in e and ("=" not in e or e.index("~") < e.index("=")):
            key, text = e.split("~", 1)
            messages = r.get(key + "s", [])
            if not any(text in m for m in messages):
                failures.append("no %s containing %r in %r" % (key, text, messages))
            continue
        key, want = e.split("=", 1)
        if key.endswith(">"):  # KEY>=N
            key, want = key[:-1], ">=" + want
        if key == "exit":
            expected_exit = int(want)
            continue
        if key == "verdict":
            got = r.get("verdict", "").replace(" ", "-")
        elif key.startswith("func:"):
            name = key[5:]
            got = functions.get(name)
            got = "missing" if got is None else str(got)
        elif key.startswith("tick_free:"):
            got = tick_free.get(key[10:], "missing")
            got = "null" if got is None else got
        elif key == "untracked":
            u = r.get("untracked")
            got = "null" if u is None else str(u["functions"])
        elif key == "outside":
            got = str(r.get("ticks_outside_functions"))
        elif key == "arch_sites":
            arch, want = want.split(":")
            got = str(r.get("tick_sites_by_arch", {}).get(arch))
        elif key == "init":
            init = r.get("initializer")
            got = "null" if init is None else "%d/%d" % (init["definitions"], init["init_array_entries"])
        elif key == "init_by":
            init = r.get("initializer")
            got = "null" if init is None else init.get("found_by")
        elif key == "reasons":
            got = str(len(r.get("reasons", [])))
        elif key == "manifests":
            got = str(len(r.get("manifests", [])))
        elif key.startswith("manifest."):
            ms = r.get("manifests", [])
            got = str(ms[0].get(key[9:])) if ms else "no manifest"
        else:
            v = r.get(key)
            got = "null" if v is None else str(v)
        if want.startswith(">="):
            ok = got.lstrip("-").isdigit() and int(got) >= int(want[2:])
        else:
            ok = got == want
        if not ok:
            failures.append("%s: expected %s, got %s" % (key, want, got))

    if rc != expected_exit:
        failures.append("exit status %d, expected %d (stderr: %s)" % (rc, expected_exit, err.strip()))

    # The text report agrees on the verdict.
    trc, tout, terr = run([args.tool, "--functions", args.file])
    first = tout.splitlines()[0] if tout else ""
    verdict = r.get("verdict", "")
    if not first.startswith(args.file + ": " + verdict):
        failures.append("text report starts %r, expected the verdict %r" % (first, verdict))
    if trc != rc:
        failures.append("text mode exit status %d differs from JSON mode's %d" % (trc, rc))

    for f in failures:
        print("FAIL %s: %s" % (args.file, f))
    if failures:
        print(json.dumps(r, indent=1))
        return 1
    print("ok %s: %s, %s tick sites" % (args.file, verdict, r.get("tick_sites")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
