#!/usr/bin/env bash
# What the ticked compare-and-swap loops cost: kernels.c's loops of one
# atomic read-modify-write each, built with and without each plugin, x86-64
# and i386, with no tracer.  Instructions executed under callgrind (exact);
# the ratio ticks/plain includes the loop's own tick, so add32 (left alone
# on both arches) is the baseline the others compare with.
# Usage: bench/atomics/run.sh   BUILD=dir WORK=dir COMPILERS="gcc clang19 clang14"
#        LEVELS="-O2" ARCHES="x86_64 i386" N=1000000 RESULTS=file (- : stdout)
# A measurement, never a test.  Exit: 0 done, 1 a build failed, 2 bad settings, 3 no valgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench_name=bench/atomics
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
WORK=${WORK:-$BUILD/bench-atomics}
COMPILERS=${COMPILERS:-gcc clang19 clang14}
LEVELS=${LEVELS:--O2}
ARCHES=${ARCHES:-x86_64 i386}
N=${N:-1000000}
RESULTS=${RESULTS:-$here/RESULTS.md}
[[ $N =~ ^[1-9][0-9]*$ ]] || die 2 "N must be a positive integer"
command -v valgrind > /dev/null || die 3 "valgrind missing (apt-get install valgrind)"
mkdir -p "$WORK"

table="| compiler | arch | level | kernel | instr/op plain | instr/op ticks | ratio |
|---|---|---|---|---|---|---|"
for compiler in $COMPILERS; do
  compiler_spec "$compiler" || continue
  for arch in $ARCHES; do
    [ "$arch" = i386 ] && m=-m32 || m=
    for level in $LEVELS; do
      base=$WORK/$compiler-$arch$level
      libs=()
      [ "$compiler" = gcc ] && libs=(-latomic)
      "$cc" ${m:+"$m"} "$level" "$here/kernels.c" -o "$base.plain" "${libs[@]}" || die 1 "build $base.plain"
      "$cc" ${m:+"$m"} "$level" "$plugin_flag" "$here/kernels.c" -o "$base.ticks" "${libs[@]}" ||
        die 1 "build $base.ticks"
      for kernel in add32 add64 or32 and32 nand32; do
        [ "$("$base.plain" "$kernel" 1000)" = "$("$base.ticks" "$kernel" 1000)" ] ||
          die 1 "$base: $kernel prints different results"
        plain=$(callgrind_ir "$base.plain" "$kernel" "$N")
        ticks=$(callgrind_ir "$base.ticks" "$kernel" "$N")
        row="| $compiler | $arch | $level | $kernel | $(awk -v a="$plain" -v n="$N" 'BEGIN { printf "%.1f", a / n }')"
        row+=" | $(awk -v a="$ticks" -v n="$N" 'BEGIN { printf "%.1f", a / n }') | $(ratio "$ticks" "$plain") |"
        table+=$'\n'"$row"
        log "$row"
      done
    done
  done
done
echo "$table"
if [ "$RESULTS" != - ]; then
  {
    echo "# bench/atomics results"
    echo
    echo "$(date -u +%F), $(uname -m), N=$N, $(nproc) CPUs; callgrind instructions per operation (whole run / N)."
    echo
    echo "$table"
  } > "$RESULTS"
fi
