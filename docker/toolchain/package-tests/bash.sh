#!/bin/sh
# Bash's own test suite (tests/run-all: some 80 scripts, each compared with
# its .right file) is run by bookworm's debian/rules, but through
# `make test | tee`: a difference is printed, never a failure (the suite
# has no pass/fail count; a few of its tests differ in any build
# environment).  So it runs again here, twice: with the bash the build made
# (build-bash/bash) and with Debian's bash, which the image still has at
# this point (/usr/bin/bash, the same version built without ticks); the two
# protocols (every difference from the .right files, every warning) must
# be the same.  Both run through the same path (a symbolic link), in one
# controlled environment (controlled_env.sh: descriptors 0-2 only,
# standard input /dev/null, no controlling terminal, the same limits and
# variables, LOCPATH: the locales debian/rules made).  Run otherwise, the
# two runs met different environments: a parent that leaked descriptor 10
# made Debian's bash print "11 12" for vredir's "10 11", and a run without
# a controlling terminal gave "vredir8.sub: /dev/tty: No such device or
# address" and read2.sub's "1" for "timeout 1: ok" (reproduced with
# Debian's bash alone, issue 29).  The differences from the .right files
# that remain, the same for both, come from that environment (no terminal:
# the tests that open /dev/tty) and the locales debian/rules generates
# (intl, unicode).
# Run by rebuild-package.sh as the build user in the built source tree.
#   bash.sh [BUILT [REFERENCE]]   (defaults: build-bash/bash, /usr/bin/bash)
set -eu
built=${1:-build-bash/bash}
ref=${2:-/usr/bin/bash}
[ -x "$built" ] || { echo "bash.sh: no $built in $(pwd)" >&2; exit 1; }
built=$(realpath "$built")
ref=$(realpath "$ref")
# shellcheck source=SCRIPTDIR/reference_shell.sh
. "$(dirname "$0")/reference_shell.sh"
# shellcheck source=SCRIPTDIR/controlled_env.sh
. "$(dirname "$0")/controlled_env.sh"
check_reference bash.sh "$built" "$ref"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# protocol SHELL OUT: bash's test suite run by SHELL (through $tmp/bash).
# The protocol is what the tests print, from the first "run-" line: make
# test may first recompile and relink build-bash/bash (its compiler
# output, `ls -l bash` with the time), which is not a result.  An
# interactive shell of the tests says "cannot set terminal process group
# (N)" with its process group: in run_controlled's new session, a process
# ID, another in each run; it becomes "(PGRP)".
protocol() {
  ln -sfn "$1" "$tmp/bash"
  run_controlled LOCPATH="$(pwd)/locales" make -C build-bash test THIS_SH="$tmp/bash" > "$2.make" 2>&1 ||
    { echo "bash.sh: make test failed with $1:" >&2; tail -n 20 "$2.make" >&2; exit 1; }
  sed -n '/^run-/,$p' "$2.make" | sed 's/\(cannot set terminal process group (\)[0-9]*)/\1PGRP)/' > "$2"
}
protocol "$built" "$tmp/built"
protocol "$ref" "$tmp/ref"
tests=$(grep -ac '^run-' "$tmp/ref" || true)
[ "$tests" -ge 50 ] || { echo "bash.sh: only $tests tests ran:" >&2; cat "$tmp/ref" >&2; exit 1; }
echo "bash.sh: $tests test scripts; with Debian's bash (the reference), the differences from the .right files are:"
grep -av '^run-' "$tmp/ref" || echo "(none)"
if ! diff -a "$tmp/ref" "$tmp/built" > "$tmp/diff"; then
  echo "bash.sh: the test suite gives other results with $built than with $ref (< reference, > built):" >&2
  cat "$tmp/diff" >&2
  exit 1
fi
echo "bash.sh: $tests test scripts, the same protocol with the rebuilt bash as with Debian's"
