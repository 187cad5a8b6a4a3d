#!/usr/bin/env bash
# ci/rr-in-image.sh on bad input: exit 2 with a message that names the
# problem, before anything is mounted or built.
# Usage: check_rr_in_image_usage.sh SRC   (ST_WORK: scratch directory)
src=$1
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
script=$src/ci/rr-in-image.sh
standin=$src/tests/ci/standin-rr

# expect_error MESSAGE ARGS...: exit 2 and MESSAGE on stderr, nothing built.
expect_error() {
  local want=$1 rc=0
  shift
  env -u SOFTTICKS_IMAGE_ROOT "$script" "$@" >out.log 2>err.log || rc=$?
  [ "$rc" -eq 2 ] || fail "rr-in-image.sh $*: exit $rc, want 2 ($(cat out.log err.log))"
  grep -qF -- "$want" err.log || fail "rr-in-image.sh $*: said '$(cat err.log)', want '$want'"
  [ ! -e out/build ] || fail "rr-in-image.sh $*: created out/build"
}
mkdir -p fakeroot/usr/bin fakeroot/bin
expect_error "usage:"
expect_error "no root filesystem" --out out "$standin"
expect_error "is not a directory" --root missing --out out "$standin"
expect_error "has no /bin/sh: not an image root filesystem" --root fakeroot --out out "$standin"
touch fakeroot/bin/sh
expect_error "has no /usr/bin/cmake" --root fakeroot --out out "$standin"
touch fakeroot/usr/bin/cmake fakeroot/usr/bin/ctest
expect_error "has no /mnt directory" --root fakeroot --out out "$standin"
mkdir fakeroot/mnt fakeroot/proc fakeroot/dev fakeroot/sys fakeroot/tmp
expect_error "has no CMakeLists.txt" --root fakeroot --out out "$src/ci"
expect_error "--jobs wants a positive number" --root fakeroot --jobs 0 --out out "$standin"
expect_error "--install wants Debian package names" --root fakeroot --install 'gdb;reboot' --out out "$standin"
expect_error "unknown option --bogus" --bogus "$standin"
expect_error "the root filesystem must not be /" --root / --out out "$standin"
if [ "$(id -u)" = 0 ]; then
  expect_error "must be outside the root filesystem" --root fakeroot --out fakeroot/out "$standin"
fi
echo "PASS"
