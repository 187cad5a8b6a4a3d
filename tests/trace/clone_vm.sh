#!/usr/bin/env bash
# A child made by clone(CLONE_VM | SIGCHLD), which ptrace reports as a fork
# but which shares the program's memory and countdown
# (tests/programs/clone_vm.c): softticks-trace refuses it as it refuses a
# thread (status 6, a message saying why) in every command, and never
# reports it as a program that broke the ABI (status 7).  Without a tracer
# it runs.
# Usage: clone_vm.sh TRACE PROGS_DIR    (ST_WORK: scratch directory)
source "$(dirname "$0")/../support/scratch.sh"
trace=$1 prog=$2/clone_vm

"$prog" > plain.out || fail "no tracer: the program failed"
[ "$(cat plain.out)" = "the child wrote 42" ] || fail "no tracer: $(cat plain.out)"

for cmd in count check "stop-at 1000000" "slices --every 1000000"; do
  rc=0
  # shellcheck disable=SC2086 # the command and its arguments
  "$trace" $cmd -- "$prog" > out 2> err || rc=$?
  [ "$rc" = 6 ] || fail "$cmd: exit $rc, 6 expected: $(cat err)"
  grep -q "shares its memory (clone with CLONE_VM" err || fail "$cmd: no clear message: $(cat err)"
done
echo "ok: a CLONE_VM child is refused like a thread"
