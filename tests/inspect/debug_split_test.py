#!/usr/bin/env python3
"""Separate debug information, as Debian's -dbg packages install it: an
instrumented executable and shared object split with `objcopy
--only-keep-debug` (also `strip --only-keep-debug`, and compressed debug
sections as dh_strip makes them).  Such a file keeps the notes and the
symbol table, but every executable section and .init_array become NOBITS:
it must be "debug info only", with no reason or warning about ticks or the
initializer, in text and JSON (valid against tools/schema.json), and the
stripped module it was split from stays "instrumented".  A file without
any executable section (data only) keeps "not instrumented".  A directory
walk counts the debug files in the summary's own field."""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from schema_check import NO_JSONSCHEMA, validate  # noqa: E402

failures = []
DEBUG_ONLY = "debug info only"


def check(cond, what):
    if not cond:
        failures.append(what)


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def must(cmd):
    rc, out, err = run(cmd)
    if rc != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), rc, err))


def inspect_json(tool, *paths):
    rc, out, err = run([tool, "--json", *paths])
    try:
        report = json.loads(out)
    except ValueError as e:
        failures.append("%s: not JSON (%s): %r" % (paths, e, out[:2000]))
        return rc, [], {}
    summary = [json.loads(line)["summary"] for line in err.splitlines()
               if line.startswith('{"summary"')]
    check(len(summary) == 1, "%s: %d JSON summary lines: %r" % (paths, len(summary), err))
    return rc, report, summary[0] if summary else {}


class Validator:
    """tools/validate_json.py; None results when python3-jsonschema is missing."""

    def __init__(self, path):
        self.path = path
        self.available = self("inspect-report", []) is not None

    def __call__(self, definition, document):
        rc, err = validate(self.path, definition, document)
        if rc == NO_JSONSCHEMA:
            return None
        return err if rc != 0 else ""


def split(objcopy, strip, module, work):
    """The debug files and the stripped twin of one module, as a -dbg
    package and its module would have them."""
    base = os.path.join(work, os.path.basename(module))
    debug = [base + ".debug", base + ".strip-debug", base + ".zdebug"]
    must([objcopy, "--only-keep-debug", module, debug[0]])
    must([strip, "--only-keep-debug", "-o", debug[1], module])
    must([objcopy, "--only-keep-debug", "--compress-debug-sections", module, debug[2]])
    stripped = base + ".stripped"
    must([strip, "--strip-all", "-o", stripped, module])
    must([objcopy, "--add-gnu-debuglink=" + debug[0], stripped])
    return debug, stripped


def check_debug_file(tool, validate, path):
    rc, report, _ = inspect_json(tool, "--functions", path)
    check(rc == 0, "%s: exit status %d" % (path, rc))
    if len(report) != 1:
        failures.append("%s: %d JSON entries" % (path, len(report)))
        return
    r = report[0]
    check(r.get("verdict") == DEBUG_ONLY, "%s: verdict %r, expected %r (reasons %r)"
          % (path, r.get("verdict"), DEBUG_ONLY, r.get("reasons")))
    check(r.get("instrumented") is False, "%s: instrumented %r" % (path, r.get("instrumented")))
    check(r.get("reasons") == [] and r.get("warnings") == [],
          "%s: reasons %r, warnings %r" % (path, r.get("reasons"), r.get("warnings")))
    check(r.get("initializer") is None, "%s: initializer %r (cannot be checked)"
          % (path, r.get("initializer")))
    check(r.get("abi_version") == 1 and r.get("abi_notes") == 1,
          "%s: the module's ABI note is not reported: %r" % (path, r))
    check(r.get("functions") == [], "%s: functions %r" % (path, r.get("functions")))
    if validate.available:
        err = validate("inspect-report", report)
        check(err == "", "%s: the report does not follow inspect-report:\n%s" % (path, err))

    rc, out, _ = run([tool, path])
    lines = out.splitlines()
    check(lines and lines[0].startswith(path + ": " + DEBUG_ONLY + " (ELF"),
          "%s: text report starts %r" % (path, lines[:1]))
    check("separate debug information" in out and "code is in the module it was split from"
          in out, "%s: the text does not say it is separate debug information:\n%s" % (path, out))
    check("carries the ABI note (version 1)" in out,
          "%s: the text does not name the ABI note it carries:\n%s" % (path, out))
    unchecked = [w for w in ("reason:", "warning:", "tick sites:", "initializer:") if w in out]
    check(not unchecked, "%s: text report has %r:\n%s" % (path, unchecked, out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--validator", required=True)
    ap.add_argument("--objcopy", required=True)
    ap.add_argument("--strip", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("modules", nargs="+", help="instrumented modules built with -g")
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    walk = os.path.join(a.work, "root")
    os.makedirs(walk)
    validate = Validator(a.validator)
    if not validate.available:
        print("note: no python3-jsonschema, JSON not validated against tools/schema.json")

    debug_files = []
    for module in a.modules:
        debug, stripped = split(a.objcopy, a.strip, module, walk)
        debug_files += debug
        for path in debug:
            check_debug_file(a.tool, validate, path)
        rc, report, _ = inspect_json(a.tool, stripped)
        v = report[0] if len(report) == 1 else {}
        check(v.get("verdict") == "instrumented" and v.get("reasons") == [],
              "%s: the stripped module is %r, reasons %r" % (stripped, v.get("verdict"),
                                                             v.get("reasons")))

    # No executable section at all (like dwz's .dwz files): not debug info only.
    data = os.path.join(a.work, "data.bin")
    with open(data, "wb") as f:
        f.write(b"\0" * 64)
    data_o = os.path.join(walk, "data-only.o")
    must([a.objcopy, "-I", "binary", "-O", "elf64-x86-64", "-B", "i386:x86-64", data, data_o])
    rc, report, _ = inspect_json(a.tool, data_o)
    v = report[0] if len(report) == 1 else {}
    check(v.get("verdict") == "not instrumented", "%s: verdict %r" % (data_o, v.get("verdict")))

    # The walk: the split modules, their debug files, the data-only object.
    rc, report, s = inspect_json(a.tool, walk)
    modules = len(a.modules)
    check(rc == 0, "walk: exit status %d" % rc)
    check(s.get("debug_info_only") == len(debug_files),
          "walk: summary debug_info_only %r, expected %d" % (s, len(debug_files)))
    check(s.get("instrumented") == modules and s.get("not_instrumented") == 1
          and s.get("inconsistent") == 0 and s.get("errors") == 0,
          "walk: summary %r, expected %d instrumented, 1 not instrumented" % (s, modules))
    check(s.get("elf_files") == len(debug_files) + modules + 1, "walk: summary %r" % s)
    if validate.available:
        err = validate("inspect-summary", {"summary": s})
        check(err == "", "walk: the summary does not follow inspect-summary:\n%s" % err)
        err = validate("inspect-report", report)
        check(err == "", "walk: the report does not follow inspect-report:\n%s" % err)
    rc, out, _ = run([a.tool, walk])
    summary = [line for line in out.splitlines() if line.startswith("summary:")]
    want = "%d inconsistent, %d debug info only," % (0, len(debug_files))
    check(len(summary) == 1 and want in summary[0],
          "walk: text summary %r, expected it to contain %r" % (summary, want))

    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    shutil.rmtree(a.work, ignore_errors=True)
    print("ok: %d debug files are debug info only, %d stripped modules instrumented"
          % (len(debug_files), modules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
