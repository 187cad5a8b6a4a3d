#!/usr/bin/env bash
# packaging/build-debs.sh on bad input: a clear message, a non-zero exit,
# and no .deb written.
# Usage: check_bad_input.sh SRC   (ST_WORK: scratch directory)
src=$1
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
script=$src/packaging/build-debs.sh

# expect_error WANT_RC WANT_MESSAGE ARGS...
expect_error() {
  local want_rc=$1 want=$2 rc=0
  shift 2
  "$script" "$@" >out.log 2>err.log || rc=$?
  [ "$rc" -eq "$want_rc" ] || fail "build-debs.sh $*: exit $rc, want $want_rc ($(cat err.log))"
  grep -qF -- "$want" err.log || fail "build-debs.sh $*: said '$(cat err.log)', want '$want'"
  [ ! -s out.log ] || fail "build-debs.sh $*: printed '$(cat out.log)' on stdout"
  [ -z "$(find . -name '*.deb*' -print -quit)" ] || fail "build-debs.sh $*: wrote $(find . -name '*.deb*')"
}
expect_error 2 "usage:"
expect_error 2 "usage:" onlyone
expect_error 1 "no build directory 'missing'" missing out
mkdir notabuild
expect_error 1 "is not a configured softticks build tree" notabuild out
# build-info.sh in a directory CMake never configured: what the packages
# install (installed-targets.py, which builds them) cannot be told.  (A
# configured tree that was never built is packaged: packaging.fresh_build.)
mkdir -p unconfigured/packaging
printf "SOFTTICKS_VERSION=0.1.0\nSOFTTICKS_GCC=''\nSOFTTICKS_GCC_PLUGIN_DIR=''\nSOFTTICKS_LLVM_MAJOR=''\nSOFTTICKS_INSTALL_LIBDIR=lib\n" \
  >unconfigured/packaging/build-info.sh
expect_error 1 "is not a configured CMake build tree (no CMakeCache.txt)" unconfigured out
echo "PASS"
