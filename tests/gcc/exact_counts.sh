#!/usr/bin/env bash
# Exact tick counts of whole programs at -O0 (../corpus/run_ticks.txt, by
# hand), counted in process by the tick harness (tests/support), with a
# period that never traps and with one that traps every 7 ticks: the trap
# comes at the sequence's trap instruction with the countdown at 0, and the
# count is the same.  Usage: exact_counts.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
support=$ST_SUPPORT
case $arch in
  aarch64) cc=$ST_AARCH64_GCC cxx=$ST_AARCH64_GXX ;;
  *) cc=$ST_GCC cxx=$ST_GXX ;;
esac
"$cc" "$@" -O2 -I"$support" -I"$ST_INCLUDE" -c "$support/inproc_ticks.c" -o harness.o
"$cc" "$@" -O2 -I"$support" -c "$ST_TESTS/inproc_main.c" -o driver_c.o
"$cxx" "$@" -O2 -I"$support" -x c++ -c "$ST_TESTS/inproc_main.c" -o driver_cxx.o

status=0
while read -r file expected _; do
  name=$(basename "${file%.*}")
  compiler=$(compiler_for "$file" "$arch")
  driver=driver_c.o
  [[ $file == *.cc ]] && driver=driver_cxx.o
  "$compiler" -fplugin="$(plugin_for "$arch")" -fchecking=2 "$@" -O0 -Dmain=corpus_main \
    -c "$ST_CORPUS/$file" -o "$name.o"
  "$compiler" "$@" "$name.o" "$driver" harness.o -o "$name"
  for period in 1000000 7; do
    ST_INPROC_PERIOD=$period run_for "$arch" "./$name" > "$name.$period.out" 2> "$name.$period.err" ||
      fail "$name (period $period) exited with $?: $(cat "$name.$period.err")"
    read -r _ ticks _ traps < "$name.$period.err"
    want_traps=$((period == 7 ? expected / 7 : 0))
    if [ "$ticks" != "$expected" ] || [ "$traps" != "$want_traps" ]; then
      echo "FAIL: $name ($arch, period $period): $ticks ticks, $traps traps; expected $expected, $want_traps" >&2
      status=1
    else
      echo "ok: $name ($arch, period $period): $ticks ticks, $traps traps"
    fi
  done
done < <(table_rows "$ST_CORPUS/run_ticks.txt")
exit $status
