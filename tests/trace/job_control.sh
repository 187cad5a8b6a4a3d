#!/usr/bin/env bash
# Job control under softticks-trace (tests/programs/job_control.c): a child
# stops the program with SIGSTOP, watches that it makes no progress for
# 200 ms, then continues it with SIGCONT.  The tracer must leave a
# group-stop stopped until the SIGCONT (PTRACE_LISTEN), as the kernel does
# without a tracer: the program reports that it did not go on, in count,
# check and stop-at --continue alike.
# Usage: job_control.sh TRACE PROGS_DIR    (ST_WORK: scratch directory)
source "$(dirname "$0")/../support/scratch.sh"
trace=$1 prog=$2/job_control
expected="while stopped the program went on not at all"

"$prog" > plain.out || fail "no tracer: $(cat plain.out)"
[ "$(cat plain.out)" = "$expected" ] || fail "no tracer: $(cat plain.out)"

for cmd in count check "stop-at 50 --continue"; do
  rc=0
  # shellcheck disable=SC2086 # the command and its arguments
  "$trace" $cmd -o report -- "$prog" > out 2> err || rc=$?
  [ "$rc" = 0 ] || fail "$cmd: softticks-trace exit $rc: $(cat err)"
  [ "$(cat out)" = "$expected" ] || fail "$cmd: the program says '$(cat out)'"
  grep -q '^exit_status: 0$' report || fail "$cmd: $(cat report)"
done
echo "ok: a stopped program stays stopped until SIGCONT"
