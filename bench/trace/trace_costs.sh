#!/usr/bin/env bash
# What softticks-trace costs, measured in one run on this machine (never a
# test): a traced `count` against the program alone, the cost of one tick
# trap, and of one single step in `check`.
# usage: bench/trace/trace_costs.sh [BUILD_DIR]   (default: build)
set -euo pipefail
build=${1:-build}
trace=$build/tools/softticks-trace
progs=$build/tests/programs/x86_64
[ -x "$trace" ] && [ -x "$progs/ticks_loops" ] || {
  echo "build softticks-trace and the test programs first" >&2
  exit 2
}
now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
elapsed() { calc "$2 - $1"; }

# 1. count, armed with the default period: 10^8 ticks.
t0=$(now); "$progs/ticks_loops" 1000 100000 >/dev/null; t1=$(now)
"$trace" count -- "$progs/ticks_loops" 1000 100000 >/dev/null; t2=$(now)
native=$(elapsed "$t0" "$t1"); traced=$(elapsed "$t1" "$t2")
printf 'count, 1e8 ticks: alone %.3f s, traced %.3f s, ratio %.2f\n' \
  "$native" "$traced" "$(calc "$traced / $native")"

# 2. One trap per tick: 100302 ticks with --period 1.
t0=$(now)
traps=$("$trace" count --json --period 1 -- "$progs/ticks_loops" 100 1000 |
        grep -o '"traps":[0-9]*' | cut -d: -f2)
t1=$(now)
printf 'tick traps: %s in %.3f s, %.1f us each\n' "$traps" "$(elapsed "$t0" "$t1")" \
  "$(calc "($t1 - $t0) * 1000000 / $traps")"

# 3. check: single steps.
t0=$(now)
steps=$("$trace" check --json -- "$progs/ticks_loops" 10 1000 | grep -o '"steps":[0-9]*' | cut -d: -f2)
t1=$(now)
printf 'check: %s steps in %.3f s, %.3f ms per step\n' "$steps" "$(elapsed "$t0" "$t1")" \
  "$(calc "($t1 - $t0) * 1000 / $steps")"
