#!/usr/bin/env bash
# The cost of ticks when no tracer runs (countdown disarmed: each tick is a
# test of one byte and a branch not taken), on small programs built with and
# without each plugin:
#   loop N         a tight loop (one tick per iteration: the worst case)
#   fib N          recursion (one tick per call)
#   threads T N    T = 1, 2, 4 threads each running the tight loop
# For loop and fib: instructions executed under valgrind --tool=callgrind
# (ratio ticks/plain, exact) and the median wall time of WALL_RUNS runs
# (ratio, noisy). For threads: wall-time ratios only (callgrind serializes
# threads); with 2 cores, 4 threads time-share.
# A markdown table goes to stdout and to RESULTS (default bench/runtime/RESULTS.md).
# A measurement, never a test: nothing fails on a number.
#
# Usage: bench/runtime/run.sh           (environment variables below)
#   BUILD=dir    softticks build dir (default: <repo>/build)
#   WORK=dir     scratch directory (default: BUILD/bench-runtime)
#   COMPILERS="gcc clang19 clang14"  LEVELS="-O2 -O0"  WALL_RUNS=5
#   LOOP_N=300000000 FIB_N=40 THREAD_N=200000000   (wall-time sizes)
#   LOOP_CG=10000000 FIB_CG=27                     (callgrind sizes)
#   RESULTS=file (RESULTS=- : stdout only)
# Exit status: 0 done, 1 a build or run failed, 2 bad settings, 3 a tool missing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bench_name=bench/runtime
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
WORK=${WORK:-$BUILD/bench-runtime}
COMPILERS=${COMPILERS:-gcc clang19 clang14}
LEVELS=${LEVELS:--O2 -O0}
WALL_RUNS=${WALL_RUNS:-5}
LOOP_N=${LOOP_N:-300000000}
FIB_N=${FIB_N:-40}
THREAD_N=${THREAD_N:-200000000}
LOOP_CG=${LOOP_CG:-10000000}
FIB_CG=${FIB_CG:-27}
RESULTS=${RESULTS:-$here/RESULTS.md}


for v in WALL_RUNS LOOP_N FIB_N THREAD_N LOOP_CG FIB_CG; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die 2 "$v must be a positive integer"
done
for lv in $LEVELS; do
  [[ $lv =~ ^-O[0-3sgz]$ ]] || die 2 "LEVELS: $lv is not an -O level"
done
command -v valgrind >/dev/null || die 3 "valgrind missing (apt-get install valgrind)"

# wall_pair PLAIN TICKS ARGS...: medians of WALL_RUNS interleaved runs, "plain ticks".
wall_pair() {
  local plain=$1 ticks=$2 p=() t=()
  shift 2
  for _ in $(seq "$WALL_RUNS"); do
    p+=("$(wall_ms "$plain" "$@")")
    t+=("$(wall_ms "$ticks" "$@")")
  done
  echo "$(printf '%s\n' "${p[@]}" | median) $(printf '%s\n' "${t[@]}" | median)"
}

mkdir -p "$WORK"
rows=()
versions=()
for name in $COMPILERS; do
  compiler_spec "$name" || continue
  versions+=("$name: $("$cc" --version | sed -n 1p)")
  for lv in $LEVELS; do
    d=$WORK/$name$lv
    mkdir -p "$d"
    for prog in loop fib threads; do
      "$cc" -std=c11 "$lv" "$here/$prog.c" -o "$d/$prog.plain" -pthread ||
        die 1 "$name $lv: $prog.c failed"
      "$cc" -std=c11 "$lv" "$plugin_flag" "$here/$prog.c" -o "$d/$prog.ticks" -pthread ||
        die 1 "$name $lv: $prog.c with ticks failed"
    done
    for prog in loop fib; do
      if [[ $prog == loop ]]; then cg=$LOOP_CG n=$LOOP_N; else cg=$FIB_CG n=$FIB_N; fi
      [[ $("$d/$prog.plain" "$cg") == $("$d/$prog.ticks" "$cg") ]] ||
        die 1 "$name $lv: $prog prints something else with ticks"
      log "$name $lv $prog"
      ir_p=$(callgrind_ir "$d/$prog.plain" "$cg")
      ir_t=$(callgrind_ir "$d/$prog.ticks" "$cg")
      read -r w_p w_t < <(wall_pair "$d/$prog.plain" "$d/$prog.ticks" "$n")
      rows+=("| $name | $lv | $prog $cg / $n | $ir_p | $ir_t | $(ratio "$ir_t" "$ir_p") \
| $w_p / $w_t | $(ratio "$w_t" "$w_p") |")
      log "${rows[-1]}"
    done
    for t in 1 2 4; do
      log "$name $lv threads $t"
      read -r w_p w_t < <(wall_pair "$d/threads.plain" "$d/threads.ticks" "$t" "$THREAD_N")
      rows+=("| $name | $lv | threads $t x $THREAD_N | | | | $w_p / $w_t | $(ratio "$w_t" "$w_p") |")
      log "${rows[-1]}"
    done
  done
done
[[ ${#rows[@]} -gt 0 ]] || die 3 "no compiler with its plugin (COMPILERS=$COMPILERS, BUILD=$BUILD)"

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
report() {
  cat <<EOF
# softticks: the cost of ticks without a tracer

Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`bench/runtime/run.sh\` (softticks $commit),
$(uname -sm), $cpu, $(nproc) cores shared with other jobs (wall times are
noisy, +-15% or worse; callgrind instruction counts are exact). No tracer: the
countdown is disarmed, each tick is a one-byte test and a branch not taken.

| compiler | opt | program (callgrind size / wall size) | instructions plain | instructions ticks | instructions ratio | wall ms plain / ticks (median of $WALL_RUNS) | wall ratio |
|---|---|---|--:|--:|--:|--:|--:|
EOF
  printf '%s\n' "${rows[@]}"
  cat <<EOF

- loop: one tick per iteration of an 8-instruction loop (gcc -O2; clang -O2 unrolls it 4 times
  and ticks once per unrolled body), the worst case.
- fib: one tick per call.
- threads T: T threads each running the loop; wall time only (callgrind runs
  threads one at a time). This machine has $(nproc) cores, so 4 threads share them.

Versions: $(printf '%s; ' "${versions[@]}")$(valgrind --version).
EOF
}
if [[ $RESULTS == - ]]; then
  report
else
  report >"$RESULTS.tmp"
  mv "$RESULTS.tmp" "$RESULTS"
  cat "$RESULTS"
fi
