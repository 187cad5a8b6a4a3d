#!/usr/bin/env python3
"""Prints the realworld results (RESULTS_DIR/PROJECT.BUILD, key=value lines
written by run.sh) as the Markdown tables of tests/realworld/README.md: the
checks, then the time of each run (CPU seconds user+sys / wall seconds)."""
import os
import re
import sys

BUILDS = ["plain", "gcc12", "gcc11", "clang19", "clang19plain", "gcc12lto", "plainlto",
          "clang22", "clang22plain"]


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


def seconds(text):
    """'1m2.5s' -> 62.5"""
    m = re.fullmatch(r"(?:(\d+)m)?([\d.]+)s", text)
    if not m:
        raise ValueError(f"not a time: {text!r}")
    return int(m.group(1) or 0) * 60 + float(m.group(2))


def cost(r):
    """(cpu, wall) seconds of one run, None where run.sh did not record it."""
    if r is None:
        return None, None
    cpu = sum(seconds(t) for t in r["cpu"].split()) if "cpu" in r else None
    wall = seconds(r["wall"]) if "wall" in r else None
    return cpu, wall


def time_cell(cpu, wall):
    if cpu is None and wall is None:
        return ""
    def show(x):
        return "?" if x is None else f"{x:.0f}"
    return f"{show(cpu)} / {show(wall)}"


def times_table(results):
    print("| project | " + " | ".join(BUILDS) + " | all |")
    print("|---" * (len(BUILDS) + 2) + "|")
    col_cpu = dict.fromkeys(BUILDS, 0.0)
    col_wall = dict.fromkeys(BUILDS, 0.0)
    for project in sorted(results):
        cells, row_cpu, row_wall = [], 0.0, 0.0
        for b in BUILDS:
            cpu, wall = cost(results[project].get(b))
            cells.append(time_cell(cpu, wall))
            row_cpu += cpu or 0
            row_wall += wall or 0
            col_cpu[b] += cpu or 0
            col_wall[b] += wall or 0
        print(f"| {project} | " + " | ".join(cells) + f" | {time_cell(row_cpu, row_wall)} |")
    print("| all | " + " | ".join(time_cell(col_cpu[b], col_wall[b]) for b in BUILDS)
          + f" | {time_cell(sum(col_cpu.values()), sum(col_wall.values()))} |")


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
        f'{p}: {next((r[b]["traced"] for b in BUILDS if "traced" in r.get(b, {})), "?")}'
        for p, r in sorted(results.items())))
    print()
    print("Time of each run, CPU seconds (user+sys of the build, its tests and")
    print("the tracer runs) / wall seconds:")
    print()
    times_table(results)


main()
