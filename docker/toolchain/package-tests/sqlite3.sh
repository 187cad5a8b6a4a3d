#!/bin/sh
# SQLite's own tests, which bookworm's debian/rules does not run (it only
# builds and installs).  Run by rebuild-package.sh as the build user in the
# source tree dpkg-buildpackage has just built (configured by debian/rules,
# so with Debian's flags and the instrumenting default compilers):
#   fuzztest   fuzzcheck over test/fuzzdata1-8.db (SQL and database fuzz
#              cases found by SQLite's fuzzers) and sessionfuzz;
#   quicktest  testfixture (the library built with SQLITE_TEST and Tcl)
#              over test/extraquick.test, "minimal testing that runs in
#              less than 3 minutes" per SQLite's Makefile.
# The full tcl suite (make test / veryquick.test) takes hours on 2 cores.
# Both targets build their own programs with the default compilers, so the
# code under test is instrumented too.  A failure exits non-zero.
# testfixture is linked with the amalgamation (sqlite3.c, which fuzztest
# has made): from Debian's --disable-amalgamation tree SQLite 3.40's
# Makefile lists ext/fts3/fts3_term.c twice (TESTSRC and TESTSRC2), and
# the link fails on a multiple definition of sqlite3Fts3InitTerm, with or
# without ticks.
set -eu
make fuzztest
make quicktest USE_AMALGAMATION=1
