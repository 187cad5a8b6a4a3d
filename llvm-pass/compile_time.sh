#!/usr/bin/env bash
# Compile-time cost of the plugin on one C file (a measurement, not a test).
#
#   llvm-pass/compile_time.sh FILE [BUILD_DIR] [RUNS] [CFLAGS...]
#     FILE       a C file that compiles on its own (-c)
#     BUILD_DIR  default: build (its llvm-pass/softticks.cfg and plugin)
#     RUNS       default: 3; the fastest run of each build counts
#     CFLAGS     default: -O2
#   CLANG=path   the clang matching the plugin (default clang-19)
#
# Prints the fastest CPU time without and with the plugin, their ratio,
# and the ticks the plugin inserted (-mllvm -softticks-stats).
set -euo pipefail
file=${1:?usage: compile_time.sh FILE [BUILD_DIR] [RUNS] [CFLAGS...]}
build=${2:-build}
runs=${3:-3}
shift $(($# < 3 ? $# : 3))
cflags=("$@")
[ ${#cflags[@]} -gt 0 ] || cflags=(-O2)
cfg=$build/llvm-pass/softticks.cfg
[ -f "$cfg" ] || { echo "no $cfg (build first, or pass BUILD_DIR)" >&2; exit 2; }
# The clang of the plugin's LLVM (CLANG=... for another one).
clang=${CLANG:-$(command -v clang-19 || command -v clang)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu_ms CMD...: user + system CPU time of one compile, in ms (CPU time,
# not wall time: the machine may be shared).
cpu_ms() {
  local TIMEFORMAT='%3U %3S' t
  t=$({ time "$@" -c "$file" -o "$tmp/out.o" 2> /dev/null; } 2>&1)
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d\n", (a[1] + a[2]) * 1000 }'
}

# Alternate the two builds so that drift hits both alike; keep the fastest.
plain="" ticks=""
for _ in $(seq "$runs"); do
  a=$(cpu_ms "$clang" "${cflags[@]}" -w)
  b=$(cpu_ms "$clang" --config "$cfg" "${cflags[@]}" -w)
  if [ -z "$plain" ] || [ "$a" -lt "$plain" ]; then plain=$a; fi
  if [ -z "$ticks" ] || [ "$b" -lt "$ticks" ]; then ticks=$b; fi
done
stats=$("$clang" --config "$cfg" "${cflags[@]}" -w -c "$file" -o "$tmp/out.o" -mllvm -softticks-stats 2>&1 |
        grep '^softticks:' || true)
echo "file:    $file ($(wc -l < "$file") lines) with $clang ${cflags[*]}"
echo "plain:   ${plain} ms CPU (fastest of $runs)"
echo "plugin:  ${ticks} ms CPU (fastest of $runs)"
awk -v a="$plain" -v b="$ticks" 'BEGIN { printf "ratio:   %.3f\n", b / a }'
echo "stats:   $stats"
