#!/bin/sh
# GNU coreutils' test suite (`make check`: tests/ and gnulib-tests/, some
# 700 shell and C tests; those that need root or are marked expensive
# skip), which bookworm's debian/rules does not run ("tests fail a lot on
# the buildds").  Run by rebuild-package.sh as the build user in the built
# source tree (configured by debian/rules, built by the default,
# instrumenting compilers; the C tests are compiled by them too).
# A test that fails is run again in a copy of the tree rebuilt without
# ticks (gcc with -specs=softticks-off.specs): the build environment (a
# chroot, an unprivileged user, no terminal) fails some tests whatever the
# compiler, and only a failure that the build without ticks does not have
# fails this script.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# failures LOG: the tests make check reports as FAIL or ERROR.
failures() { grep -E '^(FAIL|ERROR): ' "$1" | sort -u || true; }
status=0
make -k check VERBOSE=yes > "$tmp/check.log" 2>&1 || status=$?
grep -E '^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):' "$tmp/check.log" || true
with_ticks=$(failures "$tmp/check.log")
if [ "$status" = 0 ] && [ -z "$with_ticks" ]; then
  echo "coreutils.sh: make check passed"
  exit 0
fi
[ -n "$with_ticks" ] || { echo "coreutils.sh: make check failed (status $status) with no failed test:" >&2; tail -n 60 "$tmp/check.log" >&2; exit 1; }
echo "coreutils.sh: failed with ticks:"
echo "$with_ticks"
for t in $(echo "$with_ticks" | awk '{ print $2 }'); do
  log=$t.log; [ -f "$log" ] || log=gnulib-tests/$t.log
  if [ -f "$log" ]; then echo "== the end of $log"; tail -n 25 "$log"; fi
done
# The same tree, rebuilt without ticks; its whole make check.
mkdir "$tmp/bin"
printf '#!/bin/sh\nexec /usr/bin/gcc -specs=softticks-off.specs "$@"\n' > "$tmp/bin/gcc"
chmod +x "$tmp/bin/gcc"
cp -a . "$tmp/plain"
(
  cd "$tmp/plain"
  PATH=$tmp/bin:$PATH
  make clean > /dev/null
  make -k > "$tmp/plain-build.log" 2>&1 || { tail -n 40 "$tmp/plain-build.log" >&2; exit 1; }
  ! softticks-inspect src/ls | head -n 1 | grep -q ': instrumented' ||
    { echo "coreutils.sh: the build without ticks has ticks (src/ls)" >&2; exit 1; }
  make -k check VERBOSE=yes > "$tmp/plain-check.log" 2>&1 || true
)
without=$(failures "$tmp/plain-check.log")
echo "coreutils.sh: failed without ticks:"
echo "$without"
if [ "$with_ticks" != "$without" ]; then
  echo "coreutils.sh: make check fails differently with ticks (< with, > without):" >&2
  echo "$with_ticks" > "$tmp/a"; echo "$without" > "$tmp/b"
  diff "$tmp/a" "$tmp/b" >&2 || true
  exit 1
fi
echo "coreutils.sh: make check: the same failures with and without ticks (the build environment's)"
