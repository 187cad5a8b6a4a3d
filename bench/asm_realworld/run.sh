#!/usr/bin/env bash
# What softticks-as's ticks cost in real assembly (issue 27): libffi's
# ffi_call and closure loop (tests/asm/programs/ffi_loop.c) and GMP's
# mpn_mul on 300x200 limbs (tests/asm/programs/gmp_mul.c, no schoolbook
# check), each linked once with the plain and once with the ticked static
# library that asm.libffi and asm.gmp.mpn leave in their work directories
# (only the assembly objects differ).  Instructions: callgrind's total Ir
# of one run, plain and ticked, and the ratio; wall: the median of RUNS
# runs each (countdown disarmed: no tracer).  Never a timed test; the
# table goes to RESULTS.md beside this script too.
# Usage: bench/asm_realworld/run.sh   (BUILD=dir, RUNS=11, FFI_CALLS=200000,
#   MUL_REPS=1000; the work directories: SOFTTICKS_ASM_REALWORLD=1 ctest -R
#   '^asm\.(libffi|gmp\.mpn)$' in the build directory first)
set -euo pipefail
bench_name=bench/asm_realworld
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$here/../lib.sh"
BUILD=$(build_dir)
runs=${RUNS:-11} calls=${FFI_CALLS:-200000} reps=${MUL_REPS:-1000}
progs=$here/../../tests/asm/programs
ffi=$BUILD/tests/asm/work/libffi gmp=$BUILD/tests/asm/work/gmp.mpn
command -v valgrind > /dev/null || die 2 "no valgrind"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure NAME ARGS...: $work/NAME.plain and $work/NAME.ticked compared.
measure() {
  local name=$1 ip it wp wt
  shift
  ip=$(callgrind_ir "$work/$name.plain" "$@")
  it=$(callgrind_ir "$work/$name.ticked" "$@")
  if [ -z "$ip" ] || [ -z "$it" ]; then die 1 "callgrind $name"; fi
  wp=$(median_wall_ms "$runs" "$work/$name.plain" "$@")
  wt=$(median_wall_ms "$runs" "$work/$name.ticked" "$@")
  printf '| %s %s | %s | %s | %s | %s | %s | %s |\n' \
    "$name" "$*" "$ip" "$it" "$(ratio "$it" "$ip")" "$wp" "$wt" "$(ratio "$wt" "$wp")" | tee -a "$work/table"
}

any=0
printf '| program (args) | Ir plain | Ir ticked | Ir ratio | wall ms plain (median of %s) | wall ms ticked | wall ratio |\n|---|---|---|---|---|---|---|\n' "$runs" | tee "$work/table"
if [ -f "$ffi/libffi.ticked.a" ]; then
  for v in plain ticked; do
    gcc -O2 -I"$ffi/build/include" "$progs/ffi_loop.c" "$ffi/libffi.$v.a" -o "$work/ffi_loop.$v"
  done
  measure ffi_loop "$calls"
  any=1
else
  log "no $ffi/libffi.ticked.a: SOFTTICKS_ASM_REALWORLD=1 ctest -R '^asm\.libffi$' first"
fi
if [ -f "$gmp/libgmp.ticked.a" ]; then
  for v in plain ticked; do
    gcc -O2 -I"$gmp/build" "$progs/gmp_mul.c" "$gmp/libgmp.$v.a" -o "$work/gmp_mul.$v"
  done
  measure gmp_mul "$reps" nocheck
  any=1
else
  log "no $gmp/libgmp.ticked.a: ctest -R '^asm\.gmp\.mpn$' first"
fi
[ "$any" = 1 ] || die 3 "nothing to measure"
{
  echo "# asm_realworld: ticks in libffi's and GMP's assembly"
  echo
  echo "$(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, $(gcc --version | sed -n 1p), $(valgrind --version)"
  echo
  cat "$work/table"
} > "$here/RESULTS.md"
