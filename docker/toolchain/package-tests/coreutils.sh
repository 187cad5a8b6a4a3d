#!/bin/sh
# GNU coreutils' test suite (`make check`: tests/, 634 shell and C tests,
# and gnulib-tests/, 370), which bookworm's debian/rules does not run
# ("tests fail a lot on the buildds").  Run by rebuild-package.sh as the
# build user in the built source tree (configured by debian/rules, built by
# the default, instrumenting compilers; the C test programs are compiled by
# them too).  Every test must pass or skip: the suite decides what skips
# (tests that need root, as the build user is not; those marked expensive,
# RUN_EXPENSIVE_TESTS being unset, as on Debian's buildds; those needing a
# tool or a file system feature the chroot lacks), and the reasons are
# counted below.  None failed in the image (2026-12-01); a failure stops
# the build, to be looked at (sqlite3.sh shows how to compare with a build
# without ticks, should the build environment be the cause).
set -eu
status=0
make -k check VERBOSE=yes > ../coreutils-check.log 2>&1 || status=$?
grep -E '^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):' ../coreutils-check.log || true
# Why tests skipped: the "skipped test: REASON" line of each one's log.
echo "coreutils.sh: reasons of the skipped tests (count, reason):"
find . -name '*.trs' -exec grep -l '^:test-result: SKIP' {} + 2>/dev/null |
  while read -r trs; do
    reason=$(sed -n 's/.*[Ss]kipp\(ed\|ing\) test: //p' "${trs%.trs}.log" 2>/dev/null | tail -n 1)
    echo "${reason:-(no reason printed)}"
  done | sort | uniq -c | sort -rn
if [ "$status" != 0 ] || grep -qE '^(FAIL|ERROR): ' ../coreutils-check.log; then
  grep -E '^(FAIL|ERROR): ' ../coreutils-check.log >&2 || true
  echo "coreutils.sh: make check failed (status $status); the end of its output:" >&2
  tail -n 80 ../coreutils-check.log >&2
  exit 1
fi
echo "coreutils.sh: make check passed"
