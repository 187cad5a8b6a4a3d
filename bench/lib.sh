# shellcheck shell=bash
# Helpers shared by the benchmark scripts (sourced, not run).
# The sourcing script sets bench_name (for messages) first.

# build_dir: the build directory, $BUILD or the repository's build/.
build_dir() {
  local repo dir
  repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  dir=${BUILD:-$repo/build}
  (cd "$dir" 2>/dev/null && pwd) ||
    die 3 "no build directory $dir (cmake -S . -B build -G Ninja && ninja -C build)"
}

die() { echo "${bench_name:-bench}: $2" >&2; exit "$1"; }
log() { echo "${bench_name:-bench}: $*" >&2; }

# compiler_spec NAME: sets cc and plugin_flag for gcc, clang19 (the main
# LLVM plugin) or clang<N> for another LLVM the build has a plugin for
# (clang14, clang22), or returns 1 (with a reason) when the compiler or its
# plugin is missing.
compiler_spec() {
  case $1 in
    gcc) cc=$(command -v gcc-12 || command -v gcc || true)
         plugin_flag=-fplugin=$BUILD/gcc-plugin/softticks.so ;;
    clang19) cc=$(command -v clang-19 || true)
             plugin_flag=-fpass-plugin=$BUILD/llvm-pass/softticks.so ;;
    clang[0-9][0-9]) cc=$(command -v "clang-${1#clang}" || true)
             plugin_flag=-fpass-plugin=$BUILD/llvm-pass/llvm-${1#clang}/softticks.so ;;
    *) die 2 "COMPILERS: unknown $1 (gcc, clang19, clang14, clang22...)" ;;
  esac
  [[ -n $cc ]] || { log "skipping $1: compiler not found"; return 1; }
  [[ -f ${plugin_flag#*=} ]] || { log "skipping $1: no plugin ${plugin_flag#*=}"; return 1; }
}

# median: of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2];
                                                else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }

# wall_ms CMD...: wall time of one run of CMD (its output discarded), in ms.
wall_ms() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" >/dev/null
  t1=$(date +%s%N)
  awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1e6 }'
}

# median_wall_ms RUNS CMD...: the median of RUNS wall times of CMD, in ms.
median_wall_ms() {
  local runs=$1 i
  shift
  for ((i = 0; i < runs; i++)); do wall_ms "$@"; echo; done | median
}

# cpu_seconds LOG CMD...: runs CMD (its output appended to LOG) and prints
# its user + system CPU seconds (CPU time: a busy machine disturbs it less
# than wall time).
cpu_seconds() {
  local logfile=$1 tf
  shift
  tf=$(mktemp)
  /usr/bin/time -f "%U %S" -o "$tf" "$@" >>"$logfile" 2>&1 ||
    { rm -f "$tf"; cat "$logfile" >&2; die 1 "failed: $*"; }
  awk '{ print $1 + $2 }' "$tf"
  rm -f "$tf"
}

# tick_sites FILE: the tick sites softticks-inspect finds in FILE.
tick_sites() {
  "$BUILD/tools/softticks-inspect" --json "$1" 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["tick_sites"])'
}

# callgrind_ir CMD...: instructions executed by CMD (its own stdin).
callgrind_ir() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/Collected :/ { print $NF }'
}
