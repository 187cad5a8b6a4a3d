#!/usr/bin/env bash
# What the plugins cost at compile time, on C files given on the command
# line, per compiler and optimization level: the median CPU time (user +
# sys, because the machine may be shared) of RUNS compiles without and with
# the plugin, their ratio, and the tick sites softticks-inspect finds in the
# instrumented object.  The two builds alternate so that drift hits both.
# A markdown table goes to stdout and to RESULTS (default bench/compile/RESULTS.md).
# A measurement, never a test: nothing fails on a number.
#
# Usage: bench/compile/run.sh FILE...   (C files that compile on their own with -c)
#   BUILD=dir    softticks build dir (default: <repo>/build): plugins, softticks-inspect
#   WORK=dir     scratch directory (default: BUILD/bench-compile)
#   COMPILERS="gcc clang19 clang14"  LEVELS="-O2 -O0"  RUNS=3
#   CFLAGS="..." more flags for every compile (-I..., -D...)
#   RESULTS=file (RESULTS=- : stdout only)
# Exit status: 0 done, 1 a compile failed, 2 bad settings, 3 a tool missing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bench_name=bench/compile
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
WORK=${WORK:-$BUILD/bench-compile}
COMPILERS=${COMPILERS:-gcc clang19 clang14}
LEVELS=${LEVELS:--O2 -O0}
RUNS=${RUNS:-3}
CFLAGS=${CFLAGS:-}
RESULTS=${RESULTS:-$here/RESULTS.md}

[ $# -gt 0 ] || die 2 "usage: bench/compile/run.sh FILE... (see the script's header)"
for f in "$@"; do
  [ -f "$f" ] || die 2 "no file $f"
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die 2 "RUNS must be a positive integer"
for lv in $LEVELS; do
  [[ $lv =~ ^-O[0-3sgz]$ ]] || die 2 "LEVELS: $lv is not an -O level"
done
[[ -x $BUILD/tools/softticks-inspect ]] ||
  die 3 "$BUILD/tools/softticks-inspect missing (ninja -C $BUILD softticks-inspect)"
[[ -x /usr/bin/time ]] || die 3 "/usr/bin/time missing (apt-get install time)"
command -v python3 >/dev/null || die 3 "python3 missing"
mkdir -p "$WORK"
: >"$WORK/compile.log"

table="| file | lines | compiler | level | CPU s plain | CPU s ticks | ratio | tick sites |
|---|---|---|---|---|---|---|---|"
versions=()
for name in $COMPILERS; do
  compiler_spec "$name" || continue
  versions+=("$name: $("$cc" --version | sed -n 1p)")
  for lv in $LEVELS; do
    for file in "$@"; do
      out=$WORK/$name$lv-$(basename "$file" .c)
      plain_t=() ticks_t=()
      for _ in $(seq "$RUNS"); do
        # shellcheck disable=SC2086 # CFLAGS is a list of flags
        plain_t+=("$(cpu_seconds "$WORK/compile.log" "$cc" "$lv" $CFLAGS -w -c "$file" -o "$out.plain.o")")
        # shellcheck disable=SC2086
        ticks_t+=("$(cpu_seconds "$WORK/compile.log" "$cc" "$lv" "$plugin_flag" $CFLAGS -w \
                                 -c "$file" -o "$out.ticks.o")")
      done
      plain=$(printf '%s\n' "${plain_t[@]}" | median)
      ticks=$(printf '%s\n' "${ticks_t[@]}" | median)
      row="| $(basename "$file") | $(wc -l <"$file") | $name | $lv | $plain | $ticks"
      row+=" | $(ratio "$ticks" "$plain") | $(tick_sites "$out.ticks.o") |"
      table+=$'\n'"$row"
      log "$row"
    done
  done
done
echo "$table"
if [ "$RESULTS" != - ]; then
  {
    echo "# bench/compile results"
    echo
    echo "$(date -u +%F), $(uname -m), $(nproc) CPUs; median CPU time (user + sys) of $RUNS compiles"
    echo "each way${CFLAGS:+, CFLAGS=$CFLAGS}."
    printf -- '- %s\n' "${versions[@]}"
    echo
    echo "$table"
  } >"$RESULTS"
fi
