#!/usr/bin/env python3
"""Prints the realworld results (RESULTS_DIR/PROJECT.BUILD, key=value lines
written by run.sh) as the Markdown table of tests/realworld/README.md."""
import os
import sys

BUILDS = ["plain", "gcc12", "gcc11", "clang19", "clang19plain", "gcc12lto", "plainlto"]


def read(path):
    out = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            out[key] = value
    return out


def cell(r):
    if r is None:
        return "not run"
    suite = r.get("suite", "?")
    if "tests_passed" in r:
        suite += f' {r["tests_passed"]}/{int(r["tests_passed"]) + int(r["tests_failed"])}'
    inspect = r.get("inspect", "?")
    det = r.get("determinism", "?")
    if det.startswith("ok ("):
        det = "ok, " + det[4:].split(" ticks")[0] + " ticks"
    return f"{suite}; inspect {inspect}; tracer {det}"


def main():
    d = sys.argv[1]
    results = {}
    for name in sorted(os.listdir(d)):
        project, _, build = name.rpartition(".")
        results.setdefault(project, {})[build] = read(os.path.join(d, name))
    print("| project | " + " | ".join(BUILDS) + " |")
    print("|---" * (len(BUILDS) + 1) + "|")
    for project in sorted(results):
        row = results[project]
        print(f"| {project} | " + " | ".join(cell(row.get(b)) for b in BUILDS) + " |")
    print()
    print("Traced binaries: " + ", ".join(
        f'{p}: {r.get("gcc12", r.get("clang19", {})).get("traced", "?")}'
        for p, r in sorted(results.items())))


main()
