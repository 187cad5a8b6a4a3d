#!/usr/bin/env bash
# ci/lib/tsc-probe.c, which ci/rr-in-image.sh runs first: can rr replay
# on this machine (does rdtsc trap after prctl(PR_SET_TSC,
# PR_TSC_SIGSEGV))?  It must give a definite answer here, yes or no (exit 0
# or 1, with the matching tsc_trap= line), and its control
# (--without-prctl: rdtsc with the prctl not set) must answer no, so a
# probe that could never see an untrapped rdtsc fails.  Prints the answer.
# Usage: check_tsc_probe.sh SRC   (ST_WORK: scratch directory; exit 77: not x86)
src=$1
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
case $(uname -m) in x86_64 | i?86) ;; *) echo "SKIP: no rdtsc on $(uname -m)"; exit 77 ;; esac
cc=${CC:-cc}
"$cc" -O1 -Wall -Wextra -Werror -o tsc-probe "$src/ci/lib/tsc-probe.c" >cc.log 2>&1 ||
  fail "$cc could not compile ci/lib/tsc-probe.c: $(cat cc.log)"

# run ARGS...: the probe's exit status in rc, its output in out.
run() {
  rc=0
  out=$(./tsc-probe "$@" 2>&1) || rc=$?
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "tsc-probe $*: want one line, got: $out"
}
run
case $rc:$out in
  0:tsc_trap=yes:*) echo "this machine: rr can replay: $out" ;;
  1:tsc_trap=no:*) echo "this machine: rr CANNOT replay: $out" ;;
  *) fail "tsc-probe: no definite answer here (exit $rc): $out" ;;
esac
answer=$out
run --without-prctl
case $rc:$out in
  1:tsc_trap=no:*) ;;
  *) fail "tsc-probe --without-prctl (the control): exit $rc, want 1 and tsc_trap=no: $out" ;;
esac
# The same answer twice: a machine does not change its mind.
run
[ "${out%%:*}" = "${answer%%:*}" ] || fail "tsc-probe answered '$answer', then '$out'"
echo "PASS: ${answer%%:*} (the control, without the prctl: tsc_trap=no)"
