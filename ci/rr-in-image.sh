#!/usr/bin/env bash
# Builds rr (or any CMake project laid out like it) inside the softticks
# image's root filesystem and runs its test suite there, so that everything
# the build compiles -- rr's test programs included -- comes out of the
# image's instrumenting toolchain, unchanged.  Results are collected on the
# host.
#
#   ci/rr-in-image.sh [OPTIONS] RR_SOURCE_DIR [CTEST_ARGS...]
#
#   --root DIR        the image's root filesystem (default: $SOFTTICKS_IMAGE_ROOT),
#                     e.g. made by docker/build-rootfs.sh
#   --out DIR         build tree in DIR/build, results in DIR/results
#                     (default: ./rr-in-image)
#   --jobs N          build and ctest parallelism (default: nproc)
#   --cmake-arg ARG   one more argument for the configure step (repeatable)
#   --install PKGS    Debian packages (comma or space separated) to install
#                     into the root filesystem first with apt-get (needs the
#                     network; e.g. rr's build dependencies); this changes it
#
# Runs as root: a private mount namespace (unshare) in which the source is
# bind-mounted read-only at /mnt/src, the build tree at /mnt/build and the
# results at /mnt/results of the root filesystem, with /proc, /dev, /sys
# and a fresh /tmp; the root filesystem itself is not modified (unless
# --install), and every mount vanishes with the namespace.
#
# DIR/results gets: configure.log, build.log, ctest.log, LastTest.log,
# junit.xml (ctest --output-junit), inspect.json and inspect-summary.json
# (softticks-inspect over the build tree, when the image has it) and
# summary.txt (key=value: result, stage, tests_total, tests_passed,
# tests_failed, failed_tests, ctest_exit and, with softticks-inspect,
# build_elf_files, build_elf_instrumented, build_elf_inconsistent).
# Exit status: 0 all tests passed; 1 configure, build or tests failed (the
# summary says which); 2 usage or set-up error.
set -euo pipefail

ci_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() {
  echo "usage: ci/rr-in-image.sh [OPTIONS] RR_SOURCE_DIR [CTEST_ARGS...]" >&2
  sed -n '/^#   --root/,/^#   --cmake-arg/p' "${BASH_SOURCE[0]}" | sed 's/^#//' >&2
  exit 2
}
die() {
  echo "rr-in-image: $*" >&2
  exit 2
}

root=${SOFTTICKS_IMAGE_ROOT:-}
out=rr-in-image
jobs=$(nproc)
cmake_args=()
install=
while [ $# -gt 0 ]; do
  case $1 in
  --root) [ $# -ge 2 ] || usage; root=$2; shift 2 ;;
  --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
  --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
  --cmake-arg) [ $# -ge 2 ] || usage; cmake_args+=("$2"); shift 2 ;;
  --install) [ $# -ge 2 ] || usage; install="$install ${2//,/ }"; shift 2 ;;
  -h | --help) usage ;;
  --) shift; break ;;
  -*) echo "rr-in-image: unknown option $1" >&2; usage ;;
  *) break ;;
  esac
done
[ $# -ge 1 ] || usage
src=$1
shift

[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs wants a positive number, not '$jobs'"
[[ $install =~ ^[a-z0-9.+:=\ -]*$ ]] || die "--install wants Debian package names, not '$install'"
[ -n "$root" ] || die "no root filesystem: give --root DIR or set SOFTTICKS_IMAGE_ROOT"
[ -d "$root" ] || die "root filesystem $root is not a directory"
root=$(realpath -e -- "$root")
[ "$root" != / ] || die "the root filesystem must not be /"
for f in bin/sh usr/bin/cmake usr/bin/ctest; do
  [ -e "$root/$f" ] || [ -L "$root/$f" ] || die "$root has no /$f: not an image root filesystem with cmake"
done
for d in mnt proc dev sys tmp; do
  [ -d "$root/$d" ] || die "$root has no /$d directory"
done
[ -f "$src/CMakeLists.txt" ] || die "$src has no CMakeLists.txt"
src=$(realpath -e -- "$src")
[ "$(id -u)" = 0 ] || die "must run as root (chroot and mounts)"
for tool in unshare chroot mount; do
  command -v "$tool" >/dev/null || die "$tool not found (util-linux, coreutils)"
done

out=$(realpath -m -- "$out")
case $out/ in "$root"/* | "$src"/*) die "--out $out must be outside the root filesystem and the source" ;; esac
mkdir -p -- "$out/build" "$out/results"
rm -rf -- "${out:?}/results/"*

# The inside: a private mount namespace, then chroot.
# shellcheck disable=SC2016 # expanded by the inner bash
inner='
set -euo pipefail
root=$1 src=$2 out=$3 script=$4
shift 4
mount -t tmpfs -o mode=0755 softticks-ci "$root/mnt"
mkdir "$root/mnt/src" "$root/mnt/build" "$root/mnt/results"
mount --bind "$src" "$root/mnt/src"
mount -o remount,bind,ro "$root/mnt/src"
mount --bind "$out/build" "$root/mnt/build"
mount --bind "$out/results" "$root/mnt/results"
cp "$script" "$root/mnt/build-and-test.sh"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
mount -t tmpfs -o mode=1777 tmp "$root/tmp"
if [ -n "$SOFTTICKS_CI_INSTALL" ]; then
  # apt inside needs the host name resolution.
  if [ -e /etc/resolv.conf ]; then
    [ -e "$root/etc/resolv.conf" ] || [ -L "$root/etc/resolv.conf" ] || touch "$root/etc/resolv.conf"
    mount --bind "$(realpath /etc/resolv.conf)" "$root/etc/resolv.conf"
  fi
  # shellcheck disable=SC2086 # a list of package names
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    sh -c "apt-get -q update && apt-get install -y -q --no-install-recommends $SOFTTICKS_CI_INSTALL" \
    >"$out/results/install.log" 2>&1 || {
    echo "rr-in-image: apt-get install$SOFTTICKS_CI_INSTALL in the root filesystem failed:" >&2
    tail -n 20 "$out/results/install.log" >&2
    exit 2
  }
fi
exec chroot "$root" /usr/bin/env -i \
  PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin \
  HOME=/mnt/build/home LANG=C.UTF-8 TERM=dumb \
  /bin/sh /mnt/build-and-test.sh "$@"
'
rc=0
SOFTTICKS_CI_INSTALL=$install unshare --mount --propagation private -- bash -c "$inner" inner "$root" "$src" "$out" \
  "$ci_dir/lib/build-and-test.sh" "$jobs" "${#cmake_args[@]}" "${cmake_args[@]}" "$@" || rc=$?

summary=$out/results/summary.txt
if [ ! -f "$summary" ]; then
  echo "rr-in-image: the run inside $root stopped before writing a summary (exit $rc)" >&2
  exit 2
fi
echo "rr-in-image: results in $out/results:"
sed 's/^/  /' "$summary"
grep -qx 'result=pass' "$summary" || exit 1
