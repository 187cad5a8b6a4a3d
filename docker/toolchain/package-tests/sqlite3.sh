#!/bin/sh
# SQLite's own tests, which bookworm's debian/rules does not run (it only
# builds and installs).  Run by rebuild-package.sh as the build user in the
# source tree dpkg-buildpackage has just built (configured by debian/rules,
# so with Debian's flags and the instrumenting default compilers):
#   fuzztest   fuzzcheck over test/fuzzdata1-8.db (SQL and database fuzz
#              cases found by SQLite's fuzzers) and sessionfuzz: must pass;
#   quicktest  testfixture (the library built with SQLITE_TEST and Tcl)
#              over test/extraquick.test, "minimal testing that runs in
#              less than 3 minutes" per SQLite's Makefile.
# The full tcl suite (make test / veryquick.test) takes hours on 2 cores.
# Both build their own programs with the default compilers, so the code
# under test is instrumented too.
#
# Debian's configuration fails some of quicktest's cases with or without
# ticks (SQLITE_ALLOW_ROWID_IN_VIEW: join8-1010, misc2-2.2, misc2-2.3,
# misc8-3.0 expect "no such column: rowid"; no SQLITE_ENABLE_DBPAGE_VTAB:
# recover.test stops the run), and io-5.5 depends on the file system.  So
# quicktest runs twice, with a testfixture built with ticks and one built
# without (gcc with -specs=softticks-off.specs): the failures must be the
# same.  testfixture is linked with the amalgamation (sqlite3.c, which
# fuzztest has made): in Debian's --disable-amalgamation tree SQLite
# 3.40's Makefile lists ext/fts3/fts3_term.c twice, and the link fails on
# a multiple definition of sqlite3Fts3InitTerm, with or without ticks.
set -eu
# shellcheck source=SCRIPTDIR/controlled_env.sh
. "$(dirname "$0")/controlled_env.sh"
make fuzztest

plain=$(mktemp -d)
trap 'rm -rf "$plain"' EXIT
printf '#!/bin/sh\nexec /usr/bin/gcc -specs=softticks-off.specs "$@"\n' > "$plain/gcc"
chmod +x "$plain/gcc"
# quicktest LOG [PATH]: its failures ("! test expected/got" lines and the
# error that stops the run), without the timings; both runs in one
# controlled environment (controlled_env.sh; the file system, on which
# io-5.5 depends, is the same for both).
quicktest() {
  rm -f testfixture
  run_controlled PATH="${2:-$PATH}" make quicktest USE_AMALGAMATION=1 > "$1" 2>&1 || true
  grep -E '^! |^\./testfixture: |errors out of' "$1" || true
}
with_ticks=$(quicktest quicktest-ticks.log)
without=$(quicktest quicktest-plain.log "$plain:$PATH")
echo "quicktest with ticks:"
echo "$with_ticks"
echo "quicktest without ticks:"
echo "$without"
if [ "$with_ticks" != "$without" ]; then
  echo "sqlite3.sh: quicktest fails differently with ticks" >&2
  exit 1
fi
echo "sqlite3.sh: quicktest: the same results with and without ticks"
