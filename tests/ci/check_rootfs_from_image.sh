#!/usr/bin/env bash
# ci/rootfs-from-image.sh with an OCI image layout (the docker forms need a
# Docker daemon, which this machine does not have): a layout made here with
# umoci, holding files of two owners, unpacks into the directory asked for;
# bad input fails with a message and leaves nothing.
# Usage: check_rootfs_from_image.sh SRC   (ST_WORK: scratch; exit 77: skip)
src=$1
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
command -v umoci >/dev/null || { echo "SKIP: umoci not installed (Debian package umoci)"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root to make files of another owner"; exit 77; }
script=$src/ci/rootfs-from-image.sh

umoci init --layout layout
umoci new --image layout:v1
umoci unpack --image layout:v1 bundle >/dev/null
mkdir -p bundle/rootfs/usr/bin bundle/rootfs/var/spool
echo "marker" >bundle/rootfs/usr/bin/marker
chown 42:43 bundle/rootfs/var/spool
umoci repack --image layout:v1 bundle

"$script" layout out >run.log 2>&1 || fail "rootfs-from-image.sh layout out: $(cat run.log)"
[ "$(cat out/usr/bin/marker)" = marker ] || fail "out/usr/bin/marker: $(ls -R out)"
[ "$(stat -c %u:%g out/var/spool)" = 42:43 ] || fail "owner of var/spool: $(stat -c %u:%g out/var/spool)"
"$script" layout:v1 out-tagged >run.log 2>&1 || fail "rootfs-from-image.sh layout:v1: $(cat run.log)"
[ -f out-tagged/usr/bin/marker ] || fail "layout:v1 did not unpack"

# expect_error MESSAGE ARGS...
expect_error() {
  local want=$1 rc=0
  shift
  "$script" "$@" >run.log 2>&1 || rc=$?
  [ "$rc" -eq 2 ] || fail "rootfs-from-image.sh $*: exit $rc, want 2 ($(cat run.log))"
  grep -qF -- "$want" run.log || fail "rootfs-from-image.sh $*: said '$(cat run.log)', want '$want'"
}
expect_error "usage:" layout
expect_error "out exists" layout out
expect_error "tag is not found" layout:v2 out-v2
[ ! -e out-v2 ] || fail "a failed unpack left out-v2"
if ! command -v docker >/dev/null; then
  expect_error "not an OCI layout, and docker is not installed" no-such-image:1 out-docker
fi
echo "PASS"
