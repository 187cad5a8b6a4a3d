#!/usr/bin/env bash
# Builds rr (or any CMake project laid out like it) inside the softticks
# image's root filesystem and runs its test suite there, so that everything
# the build compiles -- rr's test programs included -- comes out of the
# image's instrumenting toolchain, unchanged.  Results are collected on the
# host.
#
#   ci/rr-in-image.sh [OPTIONS] RR_SOURCE_DIR [CTEST_ARGS...]
#
# Options (--help prints this list; tests/ci/check_rr_in_image_usage.sh
# checks that it names every option the parser below accepts):
#   --root DIR        the image's root filesystem (default: $SOFTTICKS_IMAGE_ROOT),
#                     e.g. made by docker/build-rootfs.sh
#   --out DIR         build tree in DIR/build, results in DIR/results
#                     (default: ./rr-in-image)
#   --jobs N          build and ctest parallelism (default: nproc)
#   --cmake-arg ARG   one more argument for the configure step (repeatable)
#   --install PKGS    Debian packages (comma or space separated) to install
#                     into the root filesystem first with apt-get (needs the
#                     network); this changes it (repeatable); a package
#                     the root has already is kept at the root's version
#                     (the image's rebuilt packages are held, and may be
#                     older than the archive's newest)
#   --install-rr-deps install rr's build and test dependencies, the packages
#                     listed in ci/rr-test-deps.txt, the same way; a package
#                     lldb-N there also gets /usr/bin/lldb -> lldb-N in the
#                     root (rr's configure looks for lldb); a root whose
#                     /usr/bin/lldb is another lldb is an error (exit 2)
#   -h, --help        print this and exit
#   CTEST_ARGS        go to rr's ctest as they are: -R REGEX, -E REGEX, or a
#                     stated fraction of the suite with -I START,END,STRIDE:
#                     -I 1,,10 runs tests 1, 11, 21, ... (a tenth), -I 3,,10
#                     another tenth; summary.txt's ctest_args says what ran
#
# Runs as root: a private mount namespace (unshare) in which the source is
# bind-mounted read-only at /mnt/src, the build tree at /mnt/build and the
# results at /mnt/results of the root filesystem, with /proc, /dev, /sys
# and a fresh /tmp; the root filesystem itself is not modified (unless
# --install or --install-rr-deps), and every mount vanishes with the
# namespace.  rr is configured, built and tested from its build directory
# (/mnt/build): rr's CMakeLists makes its source_dir and bin_dir symlinks in
# the working directory, and its tests name their scripts through them.
#
# First of all, inside the root, ci/lib/tsc-probe.c is compiled and run:
# rr replays only where rdtsc traps after prctl(PR_SET_TSC,
# PR_TSC_SIGSEGV), and some machines accept that prctl (it returns 0) but
# never trap, so every replay diverges.  There the run says so at once,
# still builds and tests, and failed tests give result=cannot-replay
# (exit 3): they are the machine's, not the project's.
#
# DIR/results gets: tsc-probe.log, configure.log, build.log, ctest.log,
# LastTest.log, junit.xml (ctest --output-junit), inspect.json and
# inspect-summary.json (softticks-inspect over the build tree, when the
# image has it), failed-tests.txt (each failed test's traces, and every
# program and library they recorded with softticks-inspect's verdict) and
# summary.txt (key=value: result (pass, fail or cannot-replay), stage,
# tsc_trap (yes, no, prctl-refused, not-x86 or unknown), ctest_args,
# tests_total, tests_passed, tests_failed, failed_tests, ctest_exit, note
# and, with softticks-inspect, build_elf_files, build_elf_instrumented,
# build_elf_inconsistent; then, for each failed test NAME,
# no_ticks.NAME=the programs and libraries its traces recorded that have
# no ticks (space separated; "none": the failure is not an untracked
# module's; "unknown (why)")).  The traces are read from the work
# directory rr's harness leaves behind for a failed test ("rr dump -p");
# rr's own page and preload library are not listed.
# Exit status: 0 all tests passed; 1 configure, build or tests failed (the
# summary says which); 2 usage or set-up error; 3 tests failed on a
# machine that cannot replay (tsc_trap=no or prctl-refused).
# SOFTTICKS_TSC_PROBE_ARGS=--without-prctl makes the probe answer no (its
# control), to test that path on a machine that can replay.
set -euo pipefail

ci_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
deps_file=$ci_dir/rr-test-deps.txt
# help: the synopsis and the options block of the comment above.
help() {
  echo "usage: ci/rr-in-image.sh [OPTIONS] RR_SOURCE_DIR [CTEST_ARGS...]"
  sed -n '/^# Options/,/^#$/{/^#   /s/^#//p}' "${BASH_SOURCE[0]}"
}
usage() {
  help >&2
  exit 2
}
die() {
  echo "rr-in-image: $*" >&2
  exit 2
}
# need_arg OPTION COUNT: the option has its argument.
need_arg() {
  [ "$2" -ge 2 ] || die "$1 needs an argument (see --help)"
}

root=${SOFTTICKS_IMAGE_ROOT:-}
out=rr-in-image
jobs=$(nproc)
cmake_args=()
install=
install_rr_deps=0
while [ $# -gt 0 ]; do
  case $1 in
  --root) need_arg "$1" $#; root=$2; shift 2 ;;
  --out) need_arg "$1" $#; out=$2; shift 2 ;;
  --jobs) need_arg "$1" $#; jobs=$2; shift 2 ;;
  --cmake-arg) need_arg "$1" $#; cmake_args+=("$2"); shift 2 ;;
  --install) need_arg "$1" $#; install="$install ${2//,/ }"; shift 2 ;;
  --install-rr-deps) install_rr_deps=1; shift ;;
  -h | --help) help; exit 0 ;;
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
# rr's dependencies: the names of ci/rr-test-deps.txt, comments and blank
# lines dropped; the lldb-N among them is linked as /usr/bin/lldb.
lldb_link=
if [ "$install_rr_deps" = 1 ]; then
  [ -r "$deps_file" ] || die "--install-rr-deps: cannot read $deps_file"
  n=0 line=0
  while read -r pkg rest; do
    line=$((line + 1))
    case $pkg in '' | '#'*) continue ;; esac
    n=$((n + 1))
    if ! [[ $pkg =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || [ -n "$rest" ]; then
      die "$deps_file: line $line: want one Debian package name, not '$pkg${rest:+ $rest}'"
    fi
    install="$install $pkg"
    if [[ $pkg =~ ^lldb-[0-9]+$ ]]; then
      [ -z "$lldb_link" ] || die "$deps_file: two lldb packages ($lldb_link, $pkg): which one is lldb?"
      lldb_link=$pkg
    fi
  done <"$deps_file"
  [ "$n" -gt 0 ] || die "$deps_file lists no packages"
fi
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
# An lldb other than the one to link would stay what rr's configure finds.
if [ -n "$lldb_link" ] && { [ -e "$root/usr/bin/lldb" ] || [ -L "$root/usr/bin/lldb" ]; } &&
  [ "$(readlink -- "$root/usr/bin/lldb")" != "$lldb_link" ]; then
  die "$root/usr/bin/lldb is not a link to $lldb_link ($(readlink -- "$root/usr/bin/lldb" || echo 'a file')): remove that lldb first (Debian 12's lldb-14 hangs rr's gdb+lldb tests)"
fi
[ -f "$src/CMakeLists.txt" ] || die "$src has no CMakeLists.txt"
src=$(realpath -e -- "$src")
[ "$(id -u)" = 0 ] || die "must run as root (chroot and mounts)"
for tool in unshare chroot mount; do
  command -v "$tool" >/dev/null || die "$tool not found (util-linux, coreutils)"
done

[ -n "$out" ] || die "--out wants a directory, not ''"
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
cp "${script%/*}/tsc-probe.c" "$root/mnt/tsc-probe.c"
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
  # --no-upgrade: a named package the root has stays as it is.  The
  # rebuilt packages of the image carry the Debian version and are held;
  # the archive may have a newer upload (or the image took the source of
  # the release when the mirror lacked that of the security upload), and
  # an upgrade would be refused for the hold or would put the plain
  # Debian build back.  (No apostrophe here: this is a quoted string.)
  # shellcheck disable=SC2086 # a list of package names
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    sh -c "apt-get -q update && apt-get install -y -q --no-upgrade --no-install-recommends $SOFTTICKS_CI_INSTALL" \
    >"$out/results/install.log" 2>&1 || {
    echo "rr-in-image: apt-get install$SOFTTICKS_CI_INSTALL in the root filesystem failed:" >&2
    tail -n 20 "$out/results/install.log" >&2
    exit 2
  }
  # rr looks for "lldb": the lldb-N that the list installs.
  if [ -n "$SOFTTICKS_CI_LLDB" ] && [ ! -L "$root/usr/bin/lldb" ]; then
    chroot "$root" /bin/sh -c "test -x /usr/bin/$SOFTTICKS_CI_LLDB" || {
      echo "rr-in-image: $SOFTTICKS_CI_LLDB is installed but the root has no /usr/bin/$SOFTTICKS_CI_LLDB" >&2
      exit 2
    }
    ln -s "$SOFTTICKS_CI_LLDB" "$root/usr/bin/lldb"
    echo "rr-in-image: /usr/bin/lldb -> $SOFTTICKS_CI_LLDB" >>"$out/results/install.log"
  fi
fi
exec chroot "$root" /usr/bin/env -i \
  PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin \
  HOME=/mnt/build/home LANG=C.UTF-8 TERM=dumb SOFTTICKS_TSC_PROBE_ARGS="$SOFTTICKS_TSC_PROBE_ARGS" \
  /bin/sh /mnt/build-and-test.sh "$@"
'
rc=0
SOFTTICKS_TSC_PROBE_ARGS=${SOFTTICKS_TSC_PROBE_ARGS:-} SOFTTICKS_CI_INSTALL=$install SOFTTICKS_CI_LLDB=$lldb_link unshare --mount --propagation private -- bash -c "$inner" inner "$root" "$src" "$out" \
  "$ci_dir/lib/build-and-test.sh" "$jobs" "${#cmake_args[@]}" "${cmake_args[@]}" "$@" || rc=$?

summary=$out/results/summary.txt
if [ ! -f "$summary" ]; then
  echo "rr-in-image: the run inside $root stopped before writing a summary (exit $rc)" >&2
  exit 2
fi
echo "rr-in-image: results in $out/results:"
sed 's/^/  /' "$summary"
if grep -qx 'result=cannot-replay' "$summary"; then
  echo "rr-in-image: this machine cannot replay ($(grep '^tsc_trap=' "$summary")): the test failures are not counted (exit 3)" >&2
  exit 3
fi
grep -qx 'result=pass' "$summary" || exit 1
