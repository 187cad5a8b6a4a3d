#!/usr/bin/env bash
# ci/rr-in-image.sh on bad input: exit 2 with a message that names the
# problem, before anything is mounted or built (a broken
# ci/rr-test-deps.txt included, in a copy of ci/).  And --help: exit 0,
# naming every option the parser's case arms accept, and no other.
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
# --help: exit 0, the synopsis on stdout, and every option the parser
# accepts (the patterns of its case arms) named there; every option it
# names is accepted.
rc=0
"$script" --help >help.out 2>help.err || rc=$?
mapfile -t parsed < <(sed -n '/^while \[ \$# -gt 0 \]; do/,/^done/p' "$script" |
  sed -n 's/^ *\(-[-a-z0-9 |]*\)) .*/\1/p' | tr '|' '\n' | tr -d ' ' | grep -vx -- '--' | grep -v '\*')
[ ${#parsed[@]} -ge 7 ] || fail "found only ${#parsed[@]} options in the parser of $script: ${parsed[*]}"
missing=()
for opt in "${parsed[@]}"; do
  grep -qE -- "^ +(-[a-z], )?$opt( |$)|^ +$opt," help.out help.err || missing+=("$opt")
done
[ ${#missing[@]} -eq 0 ] || fail "--help does not list ${missing[*]} (the parser accepts: ${parsed[*]})"
[ "$rc" -eq 0 ] || fail "--help: exit $rc, want 0"
grep -q "^usage: ci/rr-in-image.sh \[OPTIONS\] RR_SOURCE_DIR" help.out || fail "--help: no synopsis on stdout: $(cat help.out)"
while read -r opt; do
  printf '%s\n' "${parsed[@]}" | grep -x -- "$opt" >/dev/null || fail "--help lists $opt, which the parser does not accept"
done < <(sed -n 's/^ \{1,4\}\(-[a-z], \)\{0,1\}\(--[a-z-]*\).*/\2/p' help.out)

for opt in --root --out --jobs --cmake-arg --install; do
  expect_error "$opt needs an argument" "$opt"
done
expect_error "--out wants a directory" --root fakeroot --out '' "$standin"

# --install-rr-deps: the list is read and checked before anything happens.
# A root whose lldb is another one (Debian's lldb -> lldb-14) is refused.
ln -s lldb-14 fakeroot/usr/bin/lldb
expect_error "usr/bin/lldb is not a link to lldb-19" --root fakeroot --install-rr-deps --out out "$standin"
rm fakeroot/usr/bin/lldb
# A copy of ci/ with a broken list: each problem named with its line.
cp -r "$src/ci" ci-copy
script=$PWD/ci-copy/rr-in-image.sh
printf '# rr\ncapnproto\ngdb python3-pexpect\n' >ci-copy/rr-test-deps.txt
expect_error "rr-test-deps.txt: line 3: want one Debian package name, not 'gdb python3-pexpect'" --install-rr-deps "$standin"
printf 'gdb;reboot\n' >ci-copy/rr-test-deps.txt
expect_error "line 1: want one Debian package name" --install-rr-deps "$standin"
printf 'lldb-19\nlldb-18\n' >ci-copy/rr-test-deps.txt
expect_error "two lldb packages (lldb-19, lldb-18)" --install-rr-deps "$standin"
printf '# nothing\n\n' >ci-copy/rr-test-deps.txt
expect_error "lists no packages" --install-rr-deps "$standin"
rm ci-copy/rr-test-deps.txt
expect_error "--install-rr-deps: cannot read" --install-rr-deps "$standin"
script=$src/ci/rr-in-image.sh

echo "PASS: errors, and --help lists ${parsed[*]}"
