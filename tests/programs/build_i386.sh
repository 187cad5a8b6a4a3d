#!/usr/bin/env bash
# Builds the test programs for i386 (the rrsoftticks CMake target is built
# for the host only): each with librrsoftticks' source compiled in, as the
# x86-64 ones are linked with it; ticks_loops_nopie (-no-pie); no_ticks
# without the runtime; the instrumented libticks.so, uses_lib (which links
# both) and lib_only (whose only instrumented code is the library's).
#   build_i386.sh OUTDIR RUNTIME_C PROGRAM... -- CC...
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
out=$1 rt=$2
shift 2
programs=()
while [ "$1" != -- ]; do
  programs+=("$1")
  shift
done
shift
mkdir -p "$out"
for prog in "${programs[@]}"; do
  "$@" "$src/$prog.c" "$rt" -o "$out/$prog"
done
"$@" "$src/ticks_loops.c" "$rt" -fno-pie -no-pie -o "$out/ticks_loops_nopie"
"$@" "$src/no_ticks.c" -o "$out/no_ticks"
"$@" -shared -fPIC "$src/libticks.c" "$rt" -o "$out/libticks.so"
"$@" "$src/uses_lib.c" "$rt" -L"$out" -lticks -Wl,-rpath,"$out" -o "$out/uses_lib"
"$@" "$src/lib_only.c" -L"$out" -lticks -Wl,-rpath,"$out" -o "$out/lib_only"
