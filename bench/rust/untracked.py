#!/usr/bin/env python3
"""Where a run's instructions go, tracked or not, from one callgrind profile.

    untracked.py CALLGRIND_OUT INSPECT_JSON PROGRAM

CALLGRIND_OUT: valgrind --tool=callgrind --demangle=no on PROGRAM.
INSPECT_JSON: softticks-inspect --functions --json PROGRAM.
Prints one line per object with its share of all instructions; the
program's own object is split into functions with a tick site (tracked) and
functions without (untracked, with the largest few by instructions).
"""
import collections
import json
import os
import re
import sys


def self_costs(path):
    """(object, function) -> self instructions (event Ir)."""
    names = {"ob": {}, "fn": {}}
    cost = collections.Counter()
    ob = fn = None
    skip_next = False
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if skip_next:  # the line after calls= is the call's inclusive cost
                skip_next = False
                continue
            key, _, rest = line.partition("=")
            # cob=/cfn= (a callee's) define compressed names as ob=/fn= do.
            space = {"ob": "ob", "cob": "ob", "fn": "fn", "cfn": "fn"}.get(key)
            if space and rest:
                if rest.startswith("("):
                    ident, _, name = rest.partition(")")
                    name = name.strip()
                    if name:
                        names[space][ident] = name
                    rest = names[space].get(ident, ident)
                if key == "ob":
                    ob = rest
                elif key == "fn":
                    # name'2: callgrind's mark for a level of recursion
                    fn = re.sub(r"'[0-9]+$", "", rest)
                continue
            if key == "calls":
                skip_next = True
                continue
            if line and (line[0].isdigit() or line[0] in "+-*") and fn is not None:
                parts = line.split()
                if len(parts) >= 2:
                    cost[(ob, fn)] += int(parts[1])
    return cost


def main():
    out, inspect, program = sys.argv[1:4]
    modules = json.load(open(inspect))
    ticked = {f["name"] for f in modules[0]["functions"] if f["tick_sites"] > 0}
    cost = self_costs(out)
    total = sum(cost.values())
    prog = os.path.realpath(program)
    per_object = collections.Counter()
    untracked_fns = collections.Counter()
    tracked = 0
    for (ob, fn), ir in cost.items():
        if ob and os.path.realpath(ob) == prog:
            if fn in ticked:
                tracked += ir
            else:
                untracked_fns[fn] += ir
        else:
            per_object[os.path.basename(ob or "???")] += ir
    untracked_prog = sum(untracked_fns.values())
    print(f"total {total}")
    print(f"program, functions with ticks: {tracked} ({100 * tracked / total:.1f} %)")
    print(f"program, functions without ticks: {untracked_prog} ({100 * untracked_prog / total:.1f} %)")
    for fn, ir in untracked_fns.most_common(5):
        print(f"  {ir} ({100 * ir / total:.1f} %) {fn}")
    for ob, ir in per_object.most_common():
        print(f"object {ob}: {ir} ({100 * ir / total:.1f} %)")


if __name__ == "__main__":
    main()
