#!/usr/bin/env bash
# What softticks-trace costs, on tests/programs' ticks_loops (x86-64):
#   count      1e8 ticks under `softticks-trace count` (its default period)
#              against the program alone: median wall times of RUNS runs
#              each, and their ratio
#   traps      `count --period 1`: one trap per tick; wall time per trap
#   steps      `check`, which single-steps the instrumented code; wall time
#              per step
# A markdown table goes to stdout and to RESULTS (default bench/trace/RESULTS.md).
# A measurement, never a test: nothing fails on a number.
#
# Usage: bench/trace/run.sh     BUILD=dir (default <repo>/build: softticks-trace and
#        the test programs)  RUNS=5  RESULTS=file (RESULTS=- : stdout only)
# Exit status: 0 done, 1 a run failed, 2 bad settings, 3 a tool missing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bench_name=bench/trace
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
RUNS=${RUNS:-5}
RESULTS=${RESULTS:-$here/RESULTS.md}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die 2 "RUNS must be a positive integer"
trace=$BUILD/tools/softticks-trace
prog=$BUILD/tests/programs/x86_64/ticks_loops
[[ -x $trace ]] || die 3 "$trace missing (ninja -C $BUILD softticks-trace)"
[[ -x $prog ]] || die 3 "$prog missing (ninja -C $BUILD st_prog_ticks_loops)"

# json_field KEY: the number after "KEY": in the JSON on standard input.
json_field() { grep -o "\"$1\": *[0-9]*" | grep -o '[0-9]*$'; }
per() { awk -v a="$1" -v n="$2" -v s="$3" 'BEGIN { if (n > 0) printf "%.2f", a * s / n; else print "n/a" }'; }

# 1. count with the default period: 1e8 ticks, program alone then traced.
alone=$(median_wall_ms "$RUNS" "$prog" 1000 100000)
traced=$(median_wall_ms "$RUNS" "$trace" count -- "$prog" 1000 100000)
# 2. one trap per tick; 3. single steps.
traps_ms=$(median_wall_ms "$RUNS" "$trace" count --period 1 -- "$prog" 100 1000)
steps_ms=$(median_wall_ms "$RUNS" "$trace" check -- "$prog" 10 1000)
traps=$("$trace" count --json --period 1 -- "$prog" 100 1000 | json_field traps)
steps=$("$trace" check --json -- "$prog" 10 1000 | json_field steps)
[[ -n $traps && -n $steps ]] || die 1 "no traps or steps in softticks-trace's JSON output"

table="| measurement | value |
|---|---|
| ticks_loops 1000 100000 (1e8 ticks) alone, ms | $alone |
| the same under \`count\`, ms | $traced |
| ratio count / alone | $(ratio "$traced" "$alone") |
| \`count --period 1\`: traps | $traps |
| time per trap, us | $(per "$traps_ms" "$traps" 1000) |
| \`check\`: single steps | $steps |
| time per step, us | $(per "$steps_ms" "$steps" 1000) |"
echo "$table"
if [ "$RESULTS" != - ]; then
  {
    echo "# bench/trace results"
    echo
    echo "$(date -u +%F), $(uname -m), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); medians of $RUNS wall times."
    echo
    echo "$table"
  } >"$RESULTS"
fi
