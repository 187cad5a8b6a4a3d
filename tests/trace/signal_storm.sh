#!/usr/bin/env bash
# softticks-trace under a storm of signals whose handler runs instrumented
# code (signal_storm.c built by a compiler plugin), at periods 1 .. 10^6:
# every run exits as the program does, counts what the program ran (A +
# rounds * R + handled * K + steps * S, the constants from runs without
# signals),
# `check` finds no violation, and with signals the program raises itself
# stop-at and slices stop at the same places twice.
# Usage: signal_storm.sh ARCH, with ST_TOOLCHAIN the compiler's file
# (build/tests/toolchains/<compiler>.env: ST_CC, ST_TRACE) and ST_WORK a
# scratch directory.  Nothing here asserts on timing; the storm ends after
# 300 signals or its rounds, whichever comes first.
src=$(cd "$(dirname "$0")" && pwd)/signal_storm.c
source "$(dirname "$0")/../support/scratch.sh"
trace=${ST_TRACE:?} arch=$1
read -r -a cc <<< "${ST_CC:?}"
[ "$arch" = i386 ] && cc+=(-m32)
"${cc[@]}" -O2 "$src" -o storm || fail "cannot build: ${cc[*]}"

# count MODE ROUNDS [PERIOD]: sets ticks, rounds, handled, steps.
count() {
  local out
  rm -f report.json
  out=$("$trace" count --json --period "${3:-1000000}" --output report.json -- ./storm "$1" "$2") ||
    fail "count $*: softticks-trace exited $?: $(cat report.json 2>/dev/null)"
  grep -q '"exit_status":0[,}]' report.json || fail "count $*: the program did not exit 0: $(cat report.json)"
  ticks=$(grep -o '"ticks":[0-9]*' report.json | grep -o '[0-9]*$')
  read -r _ rounds _ handled _ steps <<< "$out"
  [ -n "$ticks" ] && [ -n "$handled" ] || fail "count $*: no count ($out)"
}

count calm 1; t1=$ticks
count calm 2; t2=$ticks
count once 1; t_once=$ticks
count step1 1; t_step=$ticks
per_round=$((t2 - t1)) fixed=$((t1 - per_round)) per_signal=$((t_once - t1))
per_step=$((t_step - t1))
echo "A=$fixed R=$per_round K=$per_signal S=$per_step"
[ "$per_signal" -gt 0 ] && [ "$per_step" -gt 0 ] || fail "a handler does not tick"

signals=0
for period in 1 2 3 5 7 10 100 1000 10000 100000 1000000; do
  count storm 400000 "$period"
  expected=$((fixed + rounds * per_round + handled * per_signal + steps * per_step))
  echo "period $period: $rounds rounds, $handled signals, $steps steps, $ticks ticks"
  [ "$ticks" = "$expected" ] || fail "period $period: $ticks ticks, expected $expected"
  signals=$((signals + handled))
done
# The storm ran at least 25 ms of CPU time per run at the larger periods
# with a 300 us timer: signals came.
[ "$signals" -gt 0 ] || fail "no signal came in any run"

# check single-steps a storm of alarms: still no repeat without a tick.
out=$("$trace" check --json --output check.json -- ./storm alarms 20) ||
  fail "check on the storm exited $?: $(cat check.json 2>/dev/null)"
grep -q '"violation_count":0,' check.json || fail "check: $(cat check.json)"
read -r _ rounds _ handled _ steps <<< "$out"
expected=$((fixed + rounds * per_round + handled * per_signal))
grep -q "\"ticks\":$expected," check.json || fail "check: expected $expected ticks: $(cat check.json)"

# Signals the program raises itself: deterministic.
count raise 64; t_raise=$ticks
for period in 1 3 1000; do
  count raise 64 "$period"
  [ "$ticks" = "$t_raise" ] || fail "raise at period $period: $ticks ticks, $t_raise at 10^6"
done
for n in 50 $((t_raise / 3)) $((t_raise - 7)); do
  for run in a b; do
    "$trace" stop-at "$n" --json --output "stop.$run" -- ./storm raise 64 > /dev/null ||
      fail "stop-at $n exited $?"
    # (pc, sp) and the tick name the place; the registers may hold the
    # pid the program passed to kill.
    grep -o '"pc":[0-9]*,"sp":[0-9]*' "stop.$run" > "where.$run"
  done
  cmp -s where.a where.b || fail "stop-at $n: two runs stop at different places"
done
# Every tick a slice, handlers' included.
"$trace" slices --every 1 --json --output slices.a -- ./storm raise 9 > /dev/null
"$trace" slices --every 1 --json --output slices.b -- ./storm raise 9 > /dev/null
cmp -s slices.a slices.b || fail "slices differ between two runs"
grep -q '"function":"on_signal"' slices.a || fail "no slice in the handler: $(head -c 400 slices.a)"
echo "ok"
