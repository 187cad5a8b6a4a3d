#!/usr/bin/env bash
# What softticks-trace maps around the countdown page in a new image
# (tools/trace/README.md, "Memory layout"): by default rr's layout, which
# rr uses whenever it records -- its page right before the countdown page
# and its 1 MiB syscall buffer right after it -- so that every trace test
# runs its programs' initializers against it; --layout page: the page
# alone.  The program (tests/programs/page_layout.c) carries its own
# initializer and prints the mappings it finds there.
# Usage: layout.sh TRACE PROGS_DIR    (ST_WORK: scratch directory)
source "$(dirname "$0")/../support/scratch.sh"
trace=$1 progs=$2
prog=$progs/page_layout

# rr's layout (x86-64 and i386 alike): its page at 0x70000000 (read and
# execute), its thread-locals page holding the countdown, the syscall
# buffer at 0x70002000.
rr_layout="70000000-70001000 r-xp
70001000-70002000 rw-p
70002000-70102000 rw-s"
page_only="70001000-70002000 rw-p"

run_traced() { # NAME ARGS...: the program's output in NAME.out, the report in NAME.report
  local name=$1 rc=0
  shift
  "$trace" count "$@" -o "$name.report" -- "$prog" > "$name.out" 2> "$name.err" || rc=$?
  [ "$rc" = 0 ] || fail "$name: softticks-trace exit $rc: $(cat "$name.err")"
  grep -q '^exit_status: 0$' "$name.report" || fail "$name: the program failed: $(cat "$name.report")"
  grep '^ticks: ' "$name.report"
}

t1=$(run_traced default)
[ "$(cat default.out)" = "$rr_layout" ] ||
  fail "default layout: expected rr's
$rr_layout
got
$(cat default.out)"
[ "$t1" = "ticks: 12" ] || fail "default layout: $t1, 12 expected (tick_n(10))"
t2=$(run_traced again)
[ "$t1" = "$t2" ] || fail "two runs count $t1 and $t2"
echo "ok: rr's layout by default; the initializer met it and the program ran ($t1)"

run_traced page --layout page > /dev/null
[ "$(cat page.out)" = "$page_only" ] || fail "--layout page: got $(cat page.out)"
echo "ok: --layout page maps the countdown page alone"

"$prog" > plain.out || fail "no tracer: the program failed"
[ "$(cat plain.out)" = "$page_only" ] || fail "no tracer: the initializer made $(cat plain.out)"
echo "ok: with no tracer the initializer makes the page alone"

rc=0
"$trace" count --layout pmu -- "$prog" > bad.out 2> bad.err || rc=$?
[ "$rc" = 2 ] && grep -q -- "--layout wants rr or page" bad.err ||
  fail "--layout pmu: exit $rc, $(cat bad.err)"
echo "ok: a bad --layout is a usage error"
