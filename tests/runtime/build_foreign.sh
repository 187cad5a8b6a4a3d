#!/usr/bin/env bash
# Builds the runtime's test programs for an arch other than the host's
# (i386, aarch64): librrsoftticks.a from the runtime's source with that
# arch's compiler, then run_workload, inproc_exact and init_test linked
# with it the way pkg-config says (-u pulls the member in).
#   build_foreign.sh OUTDIR RUNTIME_C INPROC_TICKS_C -- CC...
# (CC: the compiler command with its flags and include directories.)
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
out=$1 rt=$2 inproc=$3
shift 3
[ "$1" = -- ] && shift
mkdir -p "$out"
ar=$("$1" -print-prog-name=ar)
[[ $ar == /* ]] || ar="ar" # the cross compiler names its own ar, or the host ar
"$@" -fPIC -c "$rt" -o "$out/rrsoftticks.o"
rm -f "$out/librrsoftticks.a"
"$ar" rcs "$out/librrsoftticks.a" "$out/rrsoftticks.o"
link() { # PROGRAM SOURCES...
  local prog=$1
  shift
  "${cc[@]}" "$@" -Wl,-u,rr_softticks_static_link_anchor "$out/librrsoftticks.a" -o "$out/$prog"
}
cc=("$@")
link run_workload "$src/workload.c" "$src/run_workload.c"
link inproc_exact "$src/workload.c" "$src/inproc_exact.c" "$inproc"
link init_test "$src/init_test.c"
