#!/usr/bin/env bash
# The unwind information around a flag-saving tick (programs/unwind/):
# sum.S has exact CFI and loop heads whose ticks keep the carry (the save
# moves %rsp: lea -128, push).  main.c arms the countdown in process
# (tests/support/inproc_ticks.c) at periods 1 to 7 and calls backtrace()
# at every tick trap: every stop must reach main, as rr, gdb and profilers
# need (issue 27, item 5).  Also: sum.o has the plain object's
# instructions but the ticks and no tick-free cycle, and the sums are
# right.  Then the control: the same object with the tool's
# .cfi_adjust_cfa_offset removed must miss main at the stops in the
# %rsp-framed function's save (the test fails when the tool is wrong).
# x86-64.
# Environment (CTest): ST_SAS ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_REAL_AS ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs/unwind
S=$ST_HERE/../support
cc=${ST_GCC:-gcc}

"$cc" -O2 -I "$S" -I "$ST_HERE/../../include" -c "$P/main.c" -o main.o
"$cc" -O2 -I "$ST_HERE/../../include" -c "$S/inproc_ticks.c" -o inproc.o
"$cc" -c "$P/sum.S" -o sum.plain.o
SOFTTICKS_AS_STATS=1 "$cc" -B "$ST_SAS_BIN/" -c "$P/sum.S" -o sum.o
python3 "$ST_TICKFREE" sum.o || fail "tick-free cycle"
python3 "$ST_HERE/compare_insns.py" sum.plain.o sum.o || fail "sum.o differs from the plain object outside the ticks"
[ "$(objdump -d sum.o | grep -c 'lahf')" -eq 2 ] || fail "not two flag-saving ticks in sum.o"
"$cc" main.o inproc.o sum.o -o ticked

# run NAME: its output in NAME.out; the last line's numbers in the globals.
run() {
  local rc=0
  "./$1" > "$1.out" 2>&1 || rc=$?
  cat "$1.out"
  read -r _ stops _ saving _ reached _ saving_reached _ sums < <(tail -1 "$1.out" | grep '^stops ') ||
    { stops=0 saving=0 reached=0 saving_reached=0 sums=none; }
  period1=$(sed -n 's/^period 1: stops \([0-9]*\), in flag saves \([0-9]*\), reached main \([0-9]*\)$/\1 \2 \3/p' "$1.out")
  echo "$1: exit $rc"
  return 0
}

run ticked
[ "$period1" = "200 199 200" ] || fail "ticked, period 1: stops, saving stops, reaching main: $period1 (want 200 199 200)"
[ "$sums" = right ] || fail "ticked: wrong sums (a tick changed the flags)"
if [ "$stops" -eq 0 ] || [ "$reached" != "$stops" ] || [ "$saving_reached" != "$saving" ]; then
  fail "ticked: $reached of $stops stops reach main ($saving_reached of $saving in flag saves)"
fi

# The control: the tool's directives (after a ';' on a tick's line; the
# source's own stand on their own lines) removed.
"$cc" -E "$P/sum.S" -o sum.s
"$ST_SAS" --softticks-emit=sum.ticked.s sum.s
grep -q ';\.cfi_adjust_cfa_offset 128;' sum.ticked.s || fail "no .cfi_adjust_cfa_offset in the emitted text"
sed 's/;\.cfi_adjust_cfa_offset -\{0,1\}[0-9]*//g' sum.ticked.s > sum.nocfi.s
"${ST_REAL_AS:-as}" --64 sum.nocfi.s -o sum.nocfi.o
python3 "$ST_HERE/compare_insns.py" sum.plain.o sum.nocfi.o || fail "the control differs in its instructions"
"$cc" main.o inproc.o sum.nocfi.o -o nocfi
run nocfi
# (It may also die in the unwinder, reading a frame that is not one.)
if [ "$sums" = right ] && [ "$reached" -ge "$stops" ]; then
  fail "without the CFI, $reached of $stops stops still reach main: the test cannot fail"
fi
echo "PASS"
