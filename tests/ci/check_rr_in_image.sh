#!/usr/bin/env bash
# ci/rr-in-image.sh end to end, on the stand-in rr source tree
# (tests/ci/standin-rr): its test programs must come out of the root
# filesystem's default compilers instrumented, and its results (logs,
# summary, JUnit) must be collected, failures included.
# The root filesystem: $SOFTTICKS_IMAGE_ROOT (the image, from
# docker/build-rootfs.sh) if set; else a minimal Debian 12 made with
# mmdebstrap (cached in the build tree) into which this build's packages
# are installed and whose gcc/g++ load the plugin through a specs file.
# Without --install, a run must leave the root filesystem exactly as it
# was: every entry's type, mode, owner, size, mtime and ctime, listed
# before and after (rr's CMakeLists makes symlinks in cmake's working
# directory; configured from / they landed in the root).
# MODE main (default): the stand-in without its hand-instrumented test:
# failures collected (and, from the trace the failed test left behind,
# the programs it recorded without ticks: Debian's make, which it runs),
# instrumentation, ctest arguments (-I 1,,2: half the suite), --install, a build
# error, the probe "can this machine replay?" (its answer in the summary,
# and with its control forced, SOFTTICKS_TSC_PROBE_ARGS=--without-prctl:
# a failed test gives result=cannot-replay and exit 3, a build error
# still exit 1).  MODE hand: the stand-in as it is, with hand_instrumented.c, which
# defines the initializer itself: built by the root's instrumenting gcc,
# that unit and the plugin's initializer must come out as one.  MODE deps:
# --install-rr-deps in a copy of the root (the list ci/rr-test-deps.txt
# installs there, lldb is lldb-19 and runs, jq runs; a second run keeps the
# link); needs the Debian mirror.
# Runs only with SOFTTICKS_IMAGE_TESTS=1 or SOFTTICKS_IMAGE_ROOT set.
# Usage: check_rr_in_image.sh SRC BUILD [main|hand|deps]   (ST_WORK: scratch; exit 77: skip)
src=$1
build=$2
mode=${3:-main}
case $mode in main | hand | deps) ;; *) echo "check_rr_in_image.sh: MODE is main, hand or deps, not '$mode'" >&2; exit 2 ;; esac
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"
inspect=$build/tools/softticks-inspect
# Opt-in, like the image tests: making the stand-in root takes 1 to 3.5
# minutes (measured) and the network; an image given by path is cheap.
if [ -z "${SOFTTICKS_IMAGE_ROOT:-}" ] && [ "${SOFTTICKS_IMAGE_TESTS:-}" != 1 ]; then
  echo "SKIP: long (a Debian 12 root made with mmdebstrap): set SOFTTICKS_IMAGE_TESTS=1, or SOFTTICKS_IMAGE_ROOT to an image's root filesystem"
  exit 77
fi
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
# list_root FILE: every entry of the root filesystem (one filesystem: the
# run's mounts are gone by then, no_mounts_left says so), nothing left out.
list_root() {
  find "$root" -xdev -printf '%y %m %U:%G %s %T@ %C@ /%P -> %l\n' | LC_ALL=C sort >"$1"
  [ -s "$1" ] || fail "could not list $root"
}
# root_unchanged BEFORE WHAT: the root's listing now is BEFORE's.
root_unchanged() {
  list_root root.after
  if ! cmp -s "$1" root.after; then
    fail "$2 changed the root filesystem $root (- before, + after):
$(diff "$1" root.after | grep '^[<>]' | sed 's/^</-/; s/^>/+/' | sed -n 1,20p)"
  fi
}

if [ "$mode" = deps ]; then
  # --- --install-rr-deps, in a copy: it changes the root ---------------------------
  getent hosts deb.debian.org >/dev/null 2>&1 || { echo "SKIP: deb.debian.org does not resolve"; exit 77; }
  cp -a -- "$root" root-copy
  root=$PWD/root-copy
  # The image's case: a package of the list that the root has rebuilt and
  # held, at a version below the archive's (the default image's jq and
  # zlib1g-dev, built from the release's source).  Here a stand-in: an
  # empty python3-pexpect 0~held (the stand-in rr does not import it).
  held=python3-pexpect held_version=0~held
  grep -qx "$held" "$src/ci/rr-test-deps.txt" || fail "ci/rr-test-deps.txt no longer lists $held: pick another package here"
  mkdir -p held-deb/DEBIAN
  printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: softticks tests <none@invalid>\nDescription: a held stand-in\n' \
    "$held" "$held_version" >held-deb/DEBIAN/control
  dpkg-deb --root-owner-group -b held-deb "$root/held.deb" >/dev/null || fail "could not build the held stand-in package"
  chroot "$root" dpkg -i /held.deb >held.log 2>&1 || fail "dpkg -i of the held stand-in: $(cat held.log)"
  chroot "$root" apt-mark hold "$held" >>held.log 2>&1 || fail "apt-mark hold: $(cat held.log)"
  rm -f -- "$root/held.deb"
  for run in 1 2; do
    rc=0
    "$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 --install-rr-deps \
      --cmake-arg -DSTANDIN_HAND_INSTRUMENTED=OFF "$standin" >"deps$run.log" 2>&1 || rc=$?
    no_mounts_left
    [ "$rc" -eq 0 ] || fail "--install-rr-deps, run $run: exit $rc, want 0: $(cat "deps$run.log")
$(tail -n 20 out/results/install.log 2>/dev/null)"
    expect_summary result pass
    if [ "$run" = 1 ]; then
      grep -q "^rr-in-image: /usr/bin/lldb -> lldb-" out/results/install.log ||
        fail "run 1 did not say it linked /usr/bin/lldb: $(tail -n 5 out/results/install.log)"
    fi
  done
  mapfile -t want < <(grep -v '^[[:space:]]*\(#\|$\)' "$src/ci/rr-test-deps.txt")
  [ ${#want[@]} -ge 5 ] || fail "ci/rr-test-deps.txt lists ${#want[@]} packages"
  # shellcheck disable=SC2016 # dpkg-query's own ${...} format
  chroot "$root" dpkg-query -W -f '${Package} ${db:Status-Status}\n' "${want[@]}" >installed.txt 2>&1 ||
    fail "not all of ci/rr-test-deps.txt is installed: $(cat installed.txt)"
  [ "$(grep -c ' installed$' installed.txt)" -eq ${#want[@]} ] || fail "installed: $(cat installed.txt)"
  lldb=$(printf '%s\n' "${want[@]}" | grep -x 'lldb-[0-9]*')
  [ "$(readlink "$root/usr/bin/lldb")" = "$lldb" ] || fail "/usr/bin/lldb is '$(readlink "$root/usr/bin/lldb")', want $lldb"
  chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin lldb --version >lldb.txt 2>&1 ||
    fail "lldb --version in the root: $(cat lldb.txt)"
  grep -q "lldb version ${lldb#lldb-}\." lldb.txt || fail "lldb --version: $(cat lldb.txt)"
  # Debian 12's lldb-14 fails here (its Python module is broken): rr's
  # gdb+lldb tests drive lldb through Python.
  chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin lldb -b -o 'script import lldb; print("lldb-python-ok")' \
    >lldb-python.txt 2>&1 || fail "lldb's Python in the root: $(cat lldb-python.txt)"
  grep -qx "lldb-python-ok" lldb-python.txt || fail "lldb's Python in the root: $(cat lldb-python.txt)"
  chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin jq --version >jq.txt 2>&1 || fail "jq --version: $(cat jq.txt)"
  # shellcheck disable=SC2016 # dpkg-query's own ${...} format
  kept=$(chroot "$root" dpkg-query -W -f '${Version}' "$held")
  [ "$kept" = "$held_version" ] || fail "the held $held $held_version became $kept: an installed package of the list must stay"
  echo "PASS: --install-rr-deps: ${#want[@]} packages, lldb -> $lldb ($(head -n 1 lldb.txt)), $(cat jq.txt), the held $held $held_version kept"
  rm -rf -- "$root"
  exit 0
fi

if [ "$mode" = hand ]; then
  # --- the stand-in as it is: its hand-instrumented test included ---------------
  list_root root.before
  rc=0
  "$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 "$standin" >run.log 2>&1 || rc=$?
  no_mounts_left
  root_unchanged root.before "a run"
  if grep -qs "symbol .__rr_softticks_init' is already defined" out/results/build.log; then
    fail "the root's gcc (the plugin) cannot build a unit that defines __rr_softticks_init itself:
$(grep -B2 -A2 "already defined" out/results/build.log | sed -n 1,12p)"
  fi
  [ "$rc" -eq 0 ] || fail "stand-in with hand_instrumented: exit $rc, want 0: $(cat run.log)
$(tail -n 15 out/results/build.log out/results/ctest.log 2>/dev/null)"
  expect_summary result pass
  expect_summary tests_total 7
  expect_summary tests_failed 0
  exe=out/build/bin/hand_instrumented
  "$inspect" "$exe" >hand.inspect || fail "softticks-inspect $exe failed: $(cat hand.inspect)"
  grep -q "^$exe: instrumented (" hand.inspect || fail "$exe is not instrumented: $(cat hand.inspect)"
  # Its initializer and the compiler's are one COMDAT group: one definition,
  # one .init_array entry, one note.
  grep -qE "initializer: 1 definition, 1 .init_array entry" hand.inspect ||
    fail "$exe: not one initializer: $(cat hand.inspect)"
  grep -qE "abi note: version 1 \(1 note\)" hand.inspect || fail "$exe: not one ABI note: $(cat hand.inspect)"
  echo "PASS: the stand-in's hand-instrumented test in $root"
  exit 0
fi

# --- run 1: with a failing test ------------------------------------------------
# (the hand-instrumented test is MODE hand's)
list_root root.before
rc=0
"$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 --cmake-arg -DSTANDIN_FAILING_TEST=ON \
  --cmake-arg -DSTANDIN_HAND_INSTRUMENTED=OFF "$standin" >run1.log 2>&1 || rc=$?
no_mounts_left
root_unchanged root.before "run 1 (no --install)"
[ "$rc" -eq 1 ] || fail "run with a failing test: exit $rc, want 1: $(cat run1.log)"
grep -qxF "stage=test" out/results/summary.txt ||
  fail "the stand-in did not get to its tests: $(cat out/results/summary.txt)
$(tail -n 15 out/results/build.log 2>/dev/null)"
for f in configure.log build.log ctest.log LastTest.log junit.xml summary.txt; do
  [ -s "out/results/$f" ] || fail "results lack $f: $(ls out/results)"
done
expect_summary result fail
expect_summary stage test
expect_summary tests_total 7
expect_summary tests_passed 6
expect_summary tests_failed 1
expect_summary failed_tests sub/expected_failure
expect_summary ctest_args ""
# What the failed test recorded without ticks: it runs Debian's make (no
# ticks in any image), read from the trace its harness left behind; the
# test program itself has ticks.
no_ticks=$(sed -n 's,^no_ticks\.sub/expected_failure=,,p' out/results/summary.txt)
[[ " $no_ticks " == *" /usr/bin/make "* ]] ||
  fail "summary.txt: no_ticks.sub/expected_failure='$no_ticks' does not name /usr/bin/make, which the test ran (a name with a directory, as rr's x86/ tests): $(cat out/results/failed-tests.txt 2>/dev/null)"
[[ $no_ticks != *expected_failure* ]] || fail "summary.txt: no_ticks.sub/expected_failure names the instrumented test program: $no_ticks"
grep -qx "  instrumented: /mnt/build/bin/expected_failure" out/results/failed-tests.txt ||
  fail "failed-tests.txt does not call the test program instrumented: $(cat out/results/failed-tests.txt)"
grep -qx "  not instrumented: /usr/bin/make" out/results/failed-tests.txt ||
  fail "failed-tests.txt does not call /usr/bin/make not instrumented: $(cat out/results/failed-tests.txt)"
[ "$(grep -c '^no_ticks\.' out/results/summary.txt)" -eq 1 ] || fail "summary.txt: no_ticks lines for passed tests: $(cat out/results/summary.txt)"
# The probe ran first, and answered as it does on the host (the same kernel).
host_probe=$(cc -O1 -o tsc-probe "$src/ci/lib/tsc-probe.c" && ./tsc-probe | sed -n 's/^tsc_trap=\([a-z0-9-]*\):.*/\1/p') || true
[ -n "$host_probe" ] || fail "ci/lib/tsc-probe.c gave no answer on the host"
expect_summary tsc_trap "$host_probe"
grep -q "^tsc_trap=$host_probe:" out/results/tsc-probe.log || fail "tsc-probe.log: $(cat out/results/tsc-probe.log)"
if [ -z "${SOFTTICKS_IMAGE_ROOT:-}" ]; then
  # The stand-in root has softticks-tools: the summary counts the build's ELF files.
  files=$(sed -n 's/^build_elf_files=//p' out/results/summary.txt)
  [ "${files:-0}" -ge 7 ] || fail "summary.txt counts '$files' ELF files in the build: $(cat out/results/summary.txt)"
  expect_summary build_elf_instrumented "$files"
  expect_summary build_elf_inconsistent 0
fi
grep -q "rr-in-image: results in" run1.log || fail "no results message: $(cat run1.log)"
# The JUnit file: 7 test cases, the one failure named.
python3 - out/results/junit.xml <<'EOF' || fail "junit.xml is not what ctest ran"
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
status = {c.get("name"): c.get("status") for c in cases}
assert len(status) == 7, status
assert status.pop("sub/expected_failure") == "fail", status
assert all(s == "run" for s in status.values()), status
EOF
# The compilers inside were the root's; every program the build made is instrumented.
grep -q "gcc: /usr/bin/gcc" out/results/configure.log || fail "configure.log: $(cat out/results/configure.log)"
programs=(rr simple loops setjmp_longjmp predefined cxx_exceptions expected_failure fault_marker)
for p in "${programs[@]}"; do
  exe=out/build/bin/$p
  [ -x "$exe" ] || fail "$exe was not built"
  "$inspect" "$exe" >"$p.inspect" || fail "softticks-inspect $exe failed"
  grep -q "^$exe: instrumented (" "$p.inspect" || fail "$exe is not instrumented: $(cat "$p.inspect")"
  # The default compilers must link as gcc does (an incomplete specs file
  # loses --eh-frame-hdr: no unwinding, no C++ exceptions).
  grep -q "GNU_EH_FRAME" <<<"$(readelf -lW "$exe")" || fail "$exe has no PT_GNU_EH_FRAME: linked without --eh-frame-hdr"
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

# --- run 2: ctest arguments pass through (a fraction: -I); all pass ---------------
# --install runs apt-get in the root: only with the Debian mirror reachable
# (libelf1 is installed already, so only apt's lists change).
# Never in an image given by SOFTTICKS_IMAGE_ROOT: apt-get would change it.
install=()
if [ -n "${SOFTTICKS_IMAGE_ROOT:-}" ]; then
  echo "NOTE: SOFTTICKS_IMAGE_ROOT is set: --install not tested (it would change that root)"
elif getent hosts deb.debian.org >/dev/null 2>&1; then
  install=(--install libelf1)
else
  echo "NOTE: deb.debian.org does not resolve: --install not tested"
fi
rc=0
"$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 --cmake-arg -DSTANDIN_FAILING_TEST=ON \
  --cmake-arg -DSTANDIN_HAND_INSTRUMENTED=OFF "${install[@]}" "$standin" -I 1,,2 >run2.log 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "run of every second test (-I 1,,2): exit $rc, want 0: $(cat run2.log) $(cat out/results/ctest.log)"
no_mounts_left
expect_summary result pass
expect_summary ctest_args "-I 1,,2"
# Tests 1, 3, 5 and 7 of simple loops setjmp_longjmp predefined cxx_exceptions
# expected_failure fault_marker.
expect_summary tests_total 4
expect_summary tests_failed 0
ran=$(sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([a-z_]*\) .*/\1/p' out/results/ctest.log | sort | tr '\n' ' ')
[ "$ran" = "cxx_exceptions fault_marker setjmp_longjmp simple " ] || fail "-I 1,,2 ran '$ran': $(cat out/results/ctest.log)"
if [ ${#install[@]} -gt 0 ]; then
  # --no-upgrade: an installed package is skipped, whatever the archive has.
  grep -q "Skipping libelf1, it is already installed" out/results/install.log ||
    fail "--install libelf1: install.log says: $(cat out/results/install.log)"
fi
[ ! -e out/results/run1.marker ] || fail "results of run 1 were not cleared"

# --- a machine that cannot replay (the probe's control forced) -------------------
rc=0
SOFTTICKS_TSC_PROBE_ARGS=--without-prctl "$src/ci/rr-in-image.sh" --root "$root" --out out --jobs 2 \
  --cmake-arg -DSTANDIN_FAILING_TEST=ON --cmake-arg -DSTANDIN_HAND_INSTRUMENTED=OFF "$standin" >run-noreplay.log 2>&1 || rc=$?
no_mounts_left
[ "$rc" -eq 3 ] || fail "a failing test on a machine that cannot replay: exit $rc, want 3: $(cat run-noreplay.log)"
expect_summary result cannot-replay
expect_summary tsc_trap no
expect_summary tests_failed 1
grep -q '^no_ticks\.sub/expected_failure=.*/usr/bin/make' out/results/summary.txt ||
  fail "summary.txt (cannot replay): no no_ticks.sub/expected_failure naming /usr/bin/make: $(cat out/results/summary.txt)"
grep -q "^rr-in-image: THIS MACHINE CANNOT REPLAY: tsc_trap=no:" run-noreplay.log ||
  fail "the run did not say at its start that the machine cannot replay: $(cat run-noreplay.log)"
grep -q "^note=this machine cannot replay" out/results/summary.txt || fail "summary.txt has no note: $(cat out/results/summary.txt)"

# --- a build failure is reported as such -----------------------------------------
cp -r "$standin" broken
echo 'this does not compile' >broken/src/test/simple.c
list_root root.before3
rc=0
# On a machine that cannot replay too (the control forced): a build error is
# the project's, result=fail, exit 1.
SOFTTICKS_TSC_PROBE_ARGS=--without-prctl "$src/ci/rr-in-image.sh" --root "$root" --out out-broken --jobs 2 \
  --cmake-arg -DSTANDIN_HAND_INSTRUMENTED=OFF "$PWD/broken" >run3.log 2>&1 || rc=$?
root_unchanged root.before3 "run 3 (no --install)"
[ "$rc" -eq 1 ] || fail "broken source: exit $rc, want 1: $(cat run3.log)"
grep -qxF "stage=build" out-broken/results/summary.txt || fail "broken source: $(cat out-broken/results/summary.txt)"
grep -qxF "result=fail" out-broken/results/summary.txt || fail "broken source: $(cat out-broken/results/summary.txt)"
grep -qxF "tsc_trap=no" out-broken/results/summary.txt || fail "broken source: $(cat out-broken/results/summary.txt)"
grep -q "this does not compile" out-broken/results/build.log || fail "build.log lacks the compiler error"
no_mounts_left
echo "PASS: rr-in-image.sh in $root"
