#!/usr/bin/env bash
# Code that copies its own instructions (tests/programs/self_copy.c) sees
# check's int3 breakpoints, which count and stop-at never plant: under count
# the program prints what it prints without a tracer and ticks 3 + 3 times;
# under check its copy dies of a SIGTRAP that is not the tracer's, and the
# tracer says so (once) instead of leaving the user to guess
# (tools/trace/README.md, "Not seen by check").
# Usage: self_copy.sh TRACE PROGS_DIR    (ST_WORK: scratch directory)
source "$(dirname "$0")/../support/scratch.sh"
trace=$1 prog=$2/self_copy

"$prog" > plain.out || fail "no tracer: the program failed"
expected=$(cat plain.out)
[ "$expected" = "33 33" ] || fail "no tracer: $expected, '33 33' expected (0..2 + 10, three times)"

rc=0
"$trace" count -o report -- "$prog" > out 2> err || rc=$?
[ "$rc" = 0 ] && [ "$(cat out)" = "$expected" ] || fail "count: exit $rc, '$(cat out)': $(cat err)"
grep -q '^ticks: 6$' report || fail "count: $(cat report), 6 ticks expected"
echo "ok: count plants nothing the copy could see"

rc=0
"$trace" check -o report -- "$prog" > out 2> err || rc=$?
cat err
[ "$rc" = 8 ] || fail "check: exit $rc, 8 expected (the program killed by SIGTRAP)"
grep -q '^signal: 5 (SIGTRAP)$' report || fail "check: $(cat report)"
[ "$(grep -c "is not one of the tracer's breakpoints" err)" = 1 ] ||
  fail "check: not said exactly once why a SIGTRAP came from no breakpoint of the tracer"
echo "ok: check says why the copied code died"
