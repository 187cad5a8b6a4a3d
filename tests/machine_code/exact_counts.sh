#!/usr/bin/env bash
# Exact tick counts of whole programs at -O0 (../corpus/run_ticks.txt, by
# hand), counted in process by the tick harness (tests/support), with a
# period that never traps and with one that traps every 7 ticks: the trap
# comes at the sequence's trap instruction with the countdown at 0, and the
# count is the same.  Usage: exact_counts.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
plain_cc "$arch" "$@" -O2 -I"$ST_SUPPORT" -I"$ST_INCLUDE" -c "$ST_SUPPORT/inproc_ticks.c" -o harness.o
plain_cc "$arch" "$@" -O2 -I"$ST_SUPPORT" -c "$ST_TESTS/inproc_main.c" -o driver_c.o
plain_cxx "$arch" "$@" -O2 -I"$ST_SUPPORT" -x c++ -c "$ST_TESTS/inproc_main.c" -o driver_cxx.o

status=0
while read -r file expected _; do
  name=$(basename "${file%.*}")
  driver=driver_c.o
  [[ $file == *.cc ]] && driver=driver_cxx.o
  $(compiler_for "$file") "$arch" "$@" -O0 -Dmain=corpus_main -c "$ST_CORPUS/$file" -o "$name.o"
  $(plain_for "$file") "$arch" "$@" "$name.o" "$driver" harness.o -o "$name"
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
