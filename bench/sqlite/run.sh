#!/usr/bin/env bash
# What software ticks cost on SQLite's amalgamation (sqlite3.c and the shell,
# from Debian's sqlite3 source package), per compiler and optimization level,
# x86-64, all measured in the same run against the uninstrumented build:
#   - tick sites in sqlite3.o (softticks-inspect --json, key tick_sites)
#   - .text size of sqlite3.o (every .text* section) with and without, growth
#   - compile time of sqlite3.c: median of COMPILE_RUNS CPU times (user+sys),
#     with/without ratio (CPU time, because the machine is shared)
#   - the sqlite3 shell running workload.sql: instructions executed under
#     valgrind --tool=callgrind (stable) and the median wall time of WALL_RUNS
#     runs (noisy, +-15%), ratio ticks/plain; no tracer, the countdown disarmed
# A markdown table goes to stdout and to RESULTS (default bench/sqlite/RESULTS.md).
# A measurement, never a test: nothing here fails on a number.
#
# Usage: bench/sqlite/run.sh            (environment variables below)
#   BUILD=dir         softticks build dir (default: <repo>/build): plugins, softticks-inspect
#   SQLITE_SRC=dir    a directory holding sqlite3.c, sqlite3.h and shell.c; without it the
#                     amalgamation is built in WORK/src from `apt-get source sqlite3`
#                     (./configure && make sqlite3.c shell.c, which needs tclsh)
#   WORK=dir          scratch directory (default: BUILD/bench-sqlite)
#   COMPILERS="gcc clang19 clang14"  LEVELS="-O0 -O2"  COMPILE_RUNS=3  WALL_RUNS=5
#   RESULTS=file      where the table is written too (RESULTS=- : stdout only)
# Exit status: 0 done, 1 a build or run failed, 2 bad settings, 3 a tool or the
# source is missing (with what to install or add).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bench_name=bench/sqlite
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
WORK=${WORK:-$BUILD/bench-sqlite}
COMPILERS=${COMPILERS:-gcc clang19 clang14}
LEVELS=${LEVELS:--O0 -O2}
COMPILE_RUNS=${COMPILE_RUNS:-3}
WALL_RUNS=${WALL_RUNS:-5}
RESULTS=${RESULTS:-$here/RESULTS.md}
workload=$here/workload.sql


[[ $COMPILE_RUNS =~ ^[1-9][0-9]*$ && $WALL_RUNS =~ ^[1-9][0-9]*$ ]] ||
  die 2 "COMPILE_RUNS and WALL_RUNS must be positive integers"
for lv in $LEVELS; do
  [[ $lv =~ ^-O[0-3sgz]$ ]] || die 2 "LEVELS: $lv is not an -O level"
done
inspect=$BUILD/tools/softticks-inspect
[[ -x $inspect ]] || die 3 "$inspect missing (ninja -C $BUILD softticks-inspect)"
command -v valgrind >/dev/null || die 3 "valgrind missing (apt-get install valgrind)"
command -v size >/dev/null || die 3 "size missing (apt-get install binutils)"
command -v python3 >/dev/null || die 3 "python3 missing"

# --- the source -------------------------------------------------------------
fetch_source() {
  local dir=$WORK/src
  mkdir -p "$dir"
  if ! compgen -G "$dir/sqlite3_*.dsc" >/dev/null; then
    log "fetching Debian's sqlite3 source package into $dir"
    if ! (cd "$dir" && apt-get source --download-only sqlite3 >"$dir/apt.log" 2>&1); then
      cat "$dir/apt.log" >&2
      cat >&2 <<'EOF'
bench/sqlite: `apt-get source --download-only sqlite3` failed. Add a deb-src entry
and run `apt-get update`, e.g. /etc/apt/sources.list.d/debian-src.sources:
    Types: deb-src
    URIs: http://deb.debian.org/debian
    Suites: bookworm bookworm-updates
    Components: main
    Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
or give SQLITE_SRC=dir with sqlite3.c, sqlite3.h and shell.c.
EOF
      exit 3
    fi
  fi
  if [[ ! -f $dir/tree/sqlite3.c || ! -f $dir/tree/shell.c ]]; then
    command -v tclsh >/dev/null || die 3 "tclsh missing, needed to make sqlite3.c (apt-get install tcl)"
    rm -rf "$dir/tree"
    local dsc
    dsc=$(compgen -G "$dir/sqlite3_*.dsc" | sed -n 1p)
    (cd "$dir" && dpkg-source -x "$dsc" tree >"$dir/extract.log" 2>&1) ||
      { cat "$dir/extract.log" >&2; die 3 "dpkg-source -x failed (apt-get install dpkg-dev)"; }
    log "making the amalgamation (./configure && make sqlite3.c shell.c)"
    (cd "$dir/tree" && ./configure >"$dir/configure.log" 2>&1 &&
       make sqlite3.c shell.c >"$dir/make.log" 2>&1) ||
      die 1 "making the amalgamation failed: see $dir/configure.log and $dir/make.log"
  fi
  SQLITE_SRC=$dir/tree
}

if [[ -n ${SQLITE_SRC:-} ]]; then
  for f in sqlite3.c sqlite3.h shell.c; do
    [[ -f $SQLITE_SRC/$f ]] || die 3 "SQLITE_SRC=$SQLITE_SRC has no $f"
  done
  SQLITE_SRC=$(cd "$SQLITE_SRC" && pwd)
else
  fetch_source
fi
sqlite_version=$(sed -n 's/^#define SQLITE_VERSION *"\(.*\)"/\1/p' "$SQLITE_SRC/sqlite3.h")

# --- helpers ----------------------------------------------------------------
growth() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%+.1f%%", (a - b) * 100 / b; else print "n/a" }'; }
text_size() { size -A "$1" | awk '$1 ~ /^\.text/ { s += $2 } END { print s + 0 }'; }
wall_ms() {
  local t0 t1
  t0=$(date +%s%N)
  "$1" :memory: <"$workload" >/dev/null 2>&1
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}

[[ -x /usr/bin/time ]] || die 3 "/usr/bin/time missing (apt-get install time)"
mkdir -p "$WORK"
: >"$WORK/compile.log"

rows=()
notes=()
versions=()
for name in $COMPILERS; do
  compiler_spec "$name" || continue
  versions+=("$name: $("$cc" --version | sed -n 1p)")
  for lv in $LEVELS; do
    dir=$WORK/$name$lv
    mkdir -p "$dir/plain" "$dir/ticks"
    log "$name $lv: compiling sqlite3.c $COMPILE_RUNS times each way"
    plain_t=() ticks_t=()
    for _ in $(seq "$COMPILE_RUNS"); do
      plain_t+=("$(cpu_seconds "$WORK/compile.log" "$cc" "$lv" -c "$SQLITE_SRC/sqlite3.c" \
                              -o "$dir/plain/sqlite3.o")")
      ticks_t+=("$(cpu_seconds "$WORK/compile.log" "$cc" "$lv" "$plugin_flag" \
                              -c "$SQLITE_SRC/sqlite3.c" -o "$dir/ticks/sqlite3.o")")
    done
    ct_plain=$(printf '%s\n' "${plain_t[@]}" | median)
    ct_ticks=$(printf '%s\n' "${ticks_t[@]}" | median)
    for v in plain ticks; do
      flag=""
      [[ $v == ticks ]] && flag=$plugin_flag
      "$cc" "$lv" ${flag:+"$flag"} -I"$SQLITE_SRC" -c "$SQLITE_SRC/shell.c" -o "$dir/$v/shell.o" \
          >>"$WORK/compile.log" 2>&1 || die 1 "$name $lv: shell.c failed (see $WORK/compile.log)"
      "$cc" "$dir/$v/sqlite3.o" "$dir/$v/shell.o" -o "$dir/$v/sqlite3" -lpthread -ldl -lm \
          >>"$WORK/compile.log" 2>&1 || die 1 "$name $lv: link failed (see $WORK/compile.log)"
    done
    sites=$(tick_sites "$dir/ticks/sqlite3.o")
    plain_sites=$(tick_sites "$dir/plain/sqlite3.o")
    [[ $plain_sites == 0 ]] || log "warning: $name $lv: the plain build has $plain_sites tick sites"
    tx_plain=$(text_size "$dir/plain/sqlite3.o")
    tx_ticks=$(text_size "$dir/ticks/sqlite3.o")

    # Same results with and without ticks, or the numbers mean nothing.
    "$dir/plain/sqlite3" :memory: <"$workload" >"$dir/plain/out.txt" 2>&1 ||
      die 1 "$name $lv: the plain shell failed the workload"
    "$dir/ticks/sqlite3" :memory: <"$workload" >"$dir/ticks/out.txt" 2>&1 ||
      die 1 "$name $lv: the instrumented shell failed the workload"
    cmp -s "$dir/plain/out.txt" "$dir/ticks/out.txt" ||
      die 1 "$name $lv: the workload's output differs with ticks ($dir/*/out.txt)"

    log "$name $lv: callgrind"
    ir_plain=$(callgrind_ir "$dir/plain/sqlite3" :memory: <"$workload")
    ir_ticks=$(callgrind_ir "$dir/ticks/sqlite3" :memory: <"$workload")
    log "$name $lv: wall time, $WALL_RUNS runs each"
    wp=() wt=()
    for _ in $(seq "$WALL_RUNS"); do
      wp+=("$(wall_ms "$dir/plain/sqlite3")")
      wt+=("$(wall_ms "$dir/ticks/sqlite3")")
    done
    w_plain=$(printf '%s\n' "${wp[@]}" | median)
    w_ticks=$(printf '%s\n' "${wt[@]}" | median)

    if [[ $sites == 0 && $tx_ticks -gt $tx_plain ]]; then
      notes+=("- $name $lv: .text grew by $((tx_ticks - tx_plain)) bytes but softticks-inspect finds
  no tick sequence of the ABI's exact bytes in it: the ticks are not in the ABI's form.")
    elif [[ $sites -gt 0 ]]; then
      notes+=("- $name $lv: $(awk -v d=$((tx_ticks - tx_plain)) -v n="$sites" 'BEGIN { printf "%.1f", d / n }') .text bytes per tick site.")
    fi
    rows+=("| $name | $lv | $sites | $tx_plain | $tx_ticks | $(growth "$tx_ticks" "$tx_plain") \
| $ct_plain / $ct_ticks | $(ratio "$ct_ticks" "$ct_plain") | $ir_plain | $ir_ticks \
| $(ratio "$ir_ticks" "$ir_plain") | $w_plain / $w_ticks | $(ratio "$w_ticks" "$w_plain") |")
    log "${rows[-1]}"
  done
done
[[ ${#rows[@]} -gt 0 ]] || die 3 "no compiler with its plugin (COMPILERS=$COMPILERS, BUILD=$BUILD)"

# --- the report -------------------------------------------------------------
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
report() {
  cat <<EOF
# softticks on SQLite $sqlite_version (x86-64)

Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`bench/sqlite/run.sh\` (softticks $commit),
$(uname -sm), $cpu, $(nproc) cores (shared with other jobs: compile and
wall times are noisy; callgrind instruction counts are not).
Sources: sqlite3.c and shell.c $sqlite_version, the amalgamation made from
Debian's sqlite3 source package (\`./configure && make sqlite3.c shell.c\`).
Workload: bench/sqlite/workload.sql on \`sqlite3 :memory:\`, no tracer
(countdown disarmed), output checked equal with and without ticks.

| compiler | opt | tick sites | .text plain | .text ticks | .text growth | compile CPU s plain / ticks (median of $COMPILE_RUNS) | compile ratio | instructions plain | instructions ticks | instructions ratio | wall ms plain / ticks (median of $WALL_RUNS) | wall ratio |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
EOF
  printf '%s\n' "${rows[@]}"
  echo
  printf '%s\n' "${notes[@]}"
  cat <<EOF

- tick sites and .text: sqlite3.o only (every \`.text*\` section, the
  initializer's COMDAT section included); tick sites from softticks-inspect.
- instructions: \`valgrind --tool=callgrind\` Ir of the whole shell
  (sqlite3.o and shell.o both built with or without ticks).
- For comparison, a published LLVM implementation of this ABI reports 4080
  and 4357 tick sites and +4.4% and +4.5% .text at -O0 and -O2 on sqlite3.c
  3.49.1, x86-64; this is $sqlite_version, a different (older) source.

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
