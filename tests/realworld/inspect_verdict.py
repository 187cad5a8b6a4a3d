#!/usr/bin/env python3
"""Reads softticks-inspect --json over a build tree and prints the verdict
of the realworld suite for its linked modules (executables and shared
objects; object files and archives are the inputs, not the result).

  inspect_verdict.py instrumented|plain FILE.json

instrumented: every module is "instrumented" with exactly one ABI note.
plain: no module is instrumented (the reference build).
Separate debug information ("debug info only") holds no code: not a module.
Prints "ok (N modules)" or "FAIL (...)"; the offending files go to stderr."""
import json
import sys

LINKED = {"executable", "pie-executable", "shared-object"}


def main():
    want, path = sys.argv[1], sys.argv[2]
    with open(path) as f:
        files = json.load(f)
    modules = [e for e in files
               if e.get("verdict") == "error"
               or (e.get("type") in LINKED and e.get("verdict") != "debug info only")]
    bad = []
    for e in modules:
        if want == "plain":
            if e["verdict"] != "not instrumented":
                bad.append(e)
        elif e["verdict"] != "instrumented" or e.get("abi_notes") != 1:
            bad.append(e)
    for e in bad:
        print(f'{e["path"]}: {e["verdict"]}, abi_notes={e.get("abi_notes")} '
              f'{e.get("reasons", e.get("error", ""))}', file=sys.stderr)
    if not modules:
        print("FAIL (no linked module found)")
    elif bad:
        print(f"FAIL ({len(bad)} of {len(modules)} modules)")
    else:
        print(f"ok ({len(modules)} modules)")


main()
