#!/usr/bin/env bash
# ci/rr-in-image.sh end to end, on the stand-in rr source tree
# (tests/ci/standin-rr): its test programs must come out of the root
# filesystem's default compilers instrumented, and its results (logs,
# summary, JUnit) must be collected, failures included.
# The root filesystem: $SOFTTICKS_IMAGE_ROOT (the image, from
# docker/build-rootfs.sh) if set; else a minimal Debian 12 made with
# mmdebstrap (cached in the build tree) into which this build's packages
# are installed and whose gcc/g++ load the plugin through a specs file.
# Usage: check_rr_in_image.sh SRC BUILD   (ST_WORK: scratch; exit 77: skip)
src=$1
build=$2
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
inspect=$build/tools/softticks-inspect
[ "$(id -u)" = 0 ] || { echo "SKIP: ci/rr-in-image.sh needs root (chroot, mounts)"; exit 77; }
unshare --mount true 2>/dev/null || { echo "SKIP: unshare --mount is not permitted here"; exit 77; }

# prepare_standin_root DIR: the cached minimal root, with this build's
# packages installed and gcc/g++ instrumenting by default.
prepare_standin_root() {
  local root=$1 rc=0
  if [ ! -d "$root" ]; then
    mkdir -p "$(dirname "$root")"
    bash "$src/tests/ci/make_standin_rootfs.sh" "$root" || rc=$?
    [ "$rc" -eq 0 ] || exit "$rc"
  fi
  "$src/packaging/build-debs.sh" "$build" debs >build-debs.log 2>&1 || fail "build-debs.sh: $(cat build-debs.log)"
  local incoming=$root/var/cache/softticks-ci
  rm -rf -- "$incoming"
  mkdir -p "$incoming"
  # The LLVM plugin needs clang, which the minimal root does not have.
  cp debs/softticks-gcc-plugin_*.deb debs/librrsoftticks-dev_*.deb debs/softticks-tools_*.deb "$incoming/"
  chroot "$root" sh -c 'dpkg -i /var/cache/softticks-ci/*.deb' >dpkg.log 2>&1 || fail "dpkg -i in $root: $(cat dpkg.log)"
  rm -rf -- "$incoming"
  local plugin_dir
  plugin_dir=$(chroot "$root" gcc -print-file-name=plugin)
  [ -f "$root$plugin_dir/softticks.so" ] || fail "the package did not install $plugin_dir/softticks.so"
  # A file "specs" in gcc's library directory is read on every run, and
  # then replaces the built-in specs entirely: gcc no longer computes the
  # libgcc spec at start-up (a file with only "+" additions loses -lgcc_s,
  # and C++ programs that throw fail to link).  So: the full specs, with the
  # plugin added to cc1's and cc1plus's.
  local specs=$root${plugin_dir%/plugin}/specs
  rm -f -- "$specs"
  chroot "$root" gcc -dumpspecs |
    awk -v p="-fplugin=$plugin_dir/softticks.so" \
      'prev == "*cc1:" || prev == "*cc1plus:" { $0 = $0 " " p } { print; prev = $0 }' >"$specs.tmp"
  [ "$(grep -c -- "-fplugin=" "$specs.tmp")" -eq 2 ] || fail "gcc -dumpspecs has no *cc1: and *cc1plus: to extend"
  mv -- "$specs.tmp" "$specs"
}

root=${SOFTTICKS_IMAGE_ROOT:-}
if [ -z "$root" ]; then
  # The stand-in is Debian 12, whose gcc is gcc-12: a plugin built for
  # another gcc (a matrix build) has nothing to load into there.
  # shellcheck source=/dev/null
  . "$build/packaging/build-info.sh"
  gcc_major=$("$SOFTTICKS_GCC" -dumpversion | cut -d. -f1)
  if [ "$gcc_major" != 12 ]; then
    echo "SKIP: this build's GCC plugin is for gcc-$gcc_major; the stand-in root's gcc is gcc-12 (set SOFTTICKS_IMAGE_ROOT to a matching image)"
    exit 77
  fi
  # Cached per version of the script that makes it; older ones are removed.
  key=$(sha256sum "$src/tests/ci/make_standin_rootfs.sh" | cut -c1-12)
  root=$build/tests/ci/cache/rootfs-$key
  find "$build/tests/ci/cache" -mindepth 1 -maxdepth 1 -name 'rootfs*' ! -name "rootfs-$key*" \
    -exec rm -rf {} + 2>/dev/null || true
  prepare_standin_root "$root"
fi
standin=$src/tests/ci/standin-rr

# expect_summary KEY VALUE
expect_summary() {
  grep -qxF "$1=$2" out/results/summary.txt ||
    fail "summary.txt: want $1=$2, got: $(tr '\n' ' ' <out/results/summary.txt)"
}
no_mounts_left() {
  ! grep -qF " $root/" /proc/self/mounts || fail "mounts left under $root: $(grep -F " $root/" /proc/self/mounts)"
  [ -z "$(ls -A "$root/mnt")" ] || fail "$root/mnt is not empty after the run: $(ls -A "$root/mnt")"
}

# --- run 1: with a failing test ------------------------------------------------
rc=0
"$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 --cmake-arg -DSTANDIN_FAILING_TEST=ON \
  "$standin" >run1.log 2>&1 || rc=$?
[ "$rc" -eq 1 ] || fail "run with a failing test: exit $rc, want 1: $(cat run1.log)"
no_mounts_left
for f in configure.log build.log ctest.log LastTest.log junit.xml summary.txt; do
  [ -s "out/results/$f" ] || fail "results lack $f: $(ls out/results)"
done
expect_summary result fail
expect_summary stage test
expect_summary tests_total 6
expect_summary tests_passed 5
expect_summary tests_failed 1
expect_summary failed_tests expected_failure
if [ -z "${SOFTTICKS_IMAGE_ROOT:-}" ]; then
  # The stand-in root has softticks-tools: the summary counts the build's ELF files.
  files=$(sed -n 's/^build_elf_files=//p' out/results/summary.txt)
  [ "${files:-0}" -ge 7 ] || fail "summary.txt counts '$files' ELF files in the build: $(cat out/results/summary.txt)"
  expect_summary build_elf_instrumented "$files"
  expect_summary build_elf_inconsistent 0
fi
grep -q "rr-in-image: results in" run1.log || fail "no results message: $(cat run1.log)"
# The JUnit file: 6 test cases, the one failure named.
python3 - out/results/junit.xml <<'EOF' || fail "junit.xml is not what ctest ran"
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
status = {c.get("name"): c.get("status") for c in cases}
assert len(status) == 6, status
assert status.pop("expected_failure") == "fail", status
assert all(s == "run" for s in status.values()), status
EOF
# The compilers inside were the root's; every program the build made is instrumented.
grep -q "gcc: /usr/bin/gcc" out/results/configure.log || fail "configure.log: $(cat out/results/configure.log)"
programs=(rr simple loops setjmp_longjmp predefined cxx_exceptions expected_failure)
for p in "${programs[@]}"; do
  exe=out/build/bin/$p
  [ -x "$exe" ] || fail "$exe was not built"
  "$inspect" "$exe" >"$p.inspect" || fail "softticks-inspect $exe failed"
  grep -q "^$exe: instrumented (" "$p.inspect" || fail "$exe is not instrumented: $(cat "$p.inspect")"
done
# The image's own softticks-inspect ran over the build tree, when it has one.
if [ -s out/results/inspect-summary.json ]; then
  python3 - out/results/inspect-summary.json "${#programs[@]}" <<'EOF' || fail "inspect-summary.json: $(cat out/results/inspect-summary.json)"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert s["instrumented"] >= int(sys.argv[2]) and s["inconsistent"] == 0, s
EOF
elif [ -z "${SOFTTICKS_IMAGE_ROOT:-}" ]; then
  fail "the stand-in root has softticks-tools, but inspect-summary.json was not written"
fi

touch out/results/run1.marker # must be gone after the next run

# --- run 2: ctest arguments pass through; all pass -----------------------------
# --install runs apt-get in the root: only with the Debian mirror reachable
# (libelf1 is installed already, so the root does not change).
install=()
if getent hosts deb.debian.org >/dev/null 2>&1; then
  install=(--install libelf1)
else
  echo "NOTE: deb.debian.org does not resolve: --install not tested"
fi
rc=0
"$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 --cmake-arg -DSTANDIN_FAILING_TEST=ON \
  "${install[@]}" "$standin" -E expected_failure >run2.log 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "run without the failing test: exit $rc, want 0: $(cat run2.log) $(cat out/results/ctest.log)"
no_mounts_left
expect_summary result pass
expect_summary tests_total 5
expect_summary tests_failed 0
if [ ${#install[@]} -gt 0 ]; then
  grep -q "libelf1 is already the newest version" out/results/install.log ||
    fail "--install libelf1: install.log says: $(cat out/results/install.log)"
fi
[ ! -e out/results/run1.marker ] || fail "results of run 1 were not cleared"

# --- a build failure is reported as such -----------------------------------------
cp -r "$standin" broken
echo 'this does not compile' >broken/src/test/simple.c
rc=0
"$src/ci/rr-in-image.sh" --root "$root" --out out-broken --jobs 2 "$PWD/broken" >run3.log 2>&1 || rc=$?
[ "$rc" -eq 1 ] || fail "broken source: exit $rc, want 1: $(cat run3.log)"
grep -qxF "stage=build" out-broken/results/summary.txt || fail "broken source: $(cat out-broken/results/summary.txt)"
grep -q "this does not compile" out-broken/results/build.log || fail "build.log lacks the compiler error"
no_mounts_left
echo "PASS: rr-in-image.sh in $root"
