#!/usr/bin/env bash
# Opt-in, hours on 2 cores (a first step of issue 29's "C++ runtime with
# ticks"): libstdc++ from Debian's gcc-12 source package (the version this
# machine's gcc-12 is), with Debian's patches, configured on its own
# (libstdc++-v3/configure) against the installed gcc-12 and built twice
# from the same tree: through the instrumenting toolchain (the GCC plugin
# and softticks-as) and plainly; then, unless --build-only, libstdc++'s own
# test suite (DejaGnu: the runtest of Debian's dejagnu) on both, for the
# given .exp files' tests, and the failures compared.  libgcc_s is not
# built here: its configure needs a configured gcc build tree
# (libgcc.mvars), i.e. building the compiler; not done yet.
#   docker/cxx-runtime/build-and-test.sh WORKDIR [--build-dir BUILD] [--jobs N]
#                                        [--tests "conformance.exp=23_containers/*"] [--build-only]
# BUILD: softticks' CMake build tree (default ./build); WORKDIR keeps the
# source, both builds and results/ (re-running resumes: a finished step is
# not redone).  Runs under nice -n 19.  Exit status: 0 when the instrumented
# library has ticks and (with the tests) both builds fail the same tests.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# shellcheck source=SCRIPTDIR/../lib/two-builds.sh
. "$repo/docker/lib/two-builds.sh"

usage() { echo "usage: $0 WORKDIR [--build-dir BUILD] [--jobs N] [--tests \"EXP=GLOB\"] [--build-only]" >&2; exit 2; }
[ $# -ge 1 ] || usage
work=$1; shift
build=$repo/build
jobs=1
tests="conformance.exp=23_containers/vector/*"
build_only=
while [ $# -gt 0 ]; do
  case $1 in
    --tests) [ $# -ge 2 ] || usage; tests=$2; shift 2 ;;
    *) common_option "$@" || usage; shift "$shifted" ;;
  esac
done
need_tools "g++-12 dpkg-dev quilt" gcc-12 g++-12 dpkg-source quilt
[ -n "$build_only" ] || need_tools "dejagnu (or --build-only)" runtest
renice -n 19 $$ > /dev/null
mkdir -p "$work/results"
work=$(cd "$work" && pwd)
inspect=$build/tools/softticks-inspect
copy_tools "$work" "$inspect"

# Debian's source of the installed gcc-12, unpacked and patched by its own
# debian/rules (the upstream tarball inside, then debian/patches).
version=$(dpkg-query -W -f '${source:Version}' gcc-12)
tree=$work/src/tree/src
if [ ! -f "$work/src/.patched" ]; then
  rm -rf "$work/src" && mkdir -p "$work/src"
  (cd "$work/src" && apt-get source --download-only "gcc-12=$version" && dpkg-source -x ./*.dsc tree &&
    cd tree && debian/rules patch) > "$work/results/source.log" 2>&1 ||
    { tail -15 "$work/results/source.log"; echo "build-and-test: the source of gcc-12 $version (deb-src configured?) or its patches failed" >&2; exit 1; }
  touch "$work/src/.patched"
fi
log "source: gcc-12 $version, libstdc++-v3 of $tree"

# Debian's configure options for the libstdc++ of amd64 that libstdc++'s
# own configure knows (gcc -v; the multilibs left out: x86-64 only).
configure_options=(--build=x86_64-linux-gnu --host=x86_64-linux-gnu --target=x86_64-linux-gnu
  --prefix=/usr --disable-multilib --enable-shared --disable-nls --enable-clocale=gnu
  --enable-libstdcxx-time=yes --with-default-libstdcxx-abi=new --disable-vtable-verify --enable-cet)
for flavour in instrumented plain; do
  dir=$work/build-$flavour
  [ -f "$dir/.built" ] && continue
  if [ $flavour = instrumented ]; then
    cc="gcc-12 $instrumenting_flags -D__RR_SOFTTICKS__=1"
    cxx="g++-12 $instrumenting_flags -D__RR_SOFTTICKS__=1"
  else
    cc=gcc-12 cxx=g++-12
  fi
  rm -rf "$dir" && mkdir -p "$dir"
  log "configure and build $flavour (log: $dir/build.log)"
  start=$(date +%s)
  (cd "$dir" && CC="$cc" CXX="$cxx" CFLAGS="-O2 -g" CXXFLAGS="-O2 -g" \
    "$tree/libstdc++-v3/configure" "${configure_options[@]}" && make -j"$jobs") > "$dir/build.log" 2>&1 ||
    { tail -30 "$dir/build.log"; echo "build-and-test: the $flavour build failed" >&2; exit 1; }
  echo "$(( $(date +%s) - start ))" > "$dir/.built"
  log "$flavour built in $(cat "$dir/.built") s"
done

# The instrumented library has ticks, the plain one none.
for flavour in instrumented plain; do
  so=$(find "$work/build-$flavour/src/.libs" -name 'libstdc++.so.6.*' -type f | head -n 1)
  [ -n "$so" ] || { echo "build-and-test: the $flavour build made no libstdc++.so.6" >&2; exit 1; }
  "$inspect" "$so" > "$work/results/inspect-$flavour.txt" || true
  log "$flavour: $(head -n 1 "$work/results/inspect-$flavour.txt")"
done
grep -q ': instrumented (' "$work/results/inspect-instrumented.txt" ||
  { echo "build-and-test: the instrumented libstdc++ has no ticks" >&2; exit 1; }
if [ -n "$build_only" ]; then exit 0; fi

# The test suite, the same tests on both; its .sum lines "STATUS: test".
for flavour in instrumented plain; do
  result=$work/results/$flavour.sum
  [ -f "$result" ] && continue
  log "test $flavour: $tests"
  make -C "$work/build-$flavour" check RUNTESTFLAGS="$tests" > "$work/results/check-$flavour.log" 2>&1 || true
  sum=$work/build-$flavour/testsuite/libstdc++.sum
  [ -f "$sum" ] || { tail -20 "$work/results/check-$flavour.log"; echo "build-and-test: $flavour wrote no libstdc++.sum" >&2; exit 1; }
  grep -E '^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED|UNTESTED): ' "$sum" | sort > "$result"
  log "$flavour: $(grep -c '^PASS' "$result") passed, $(grep -c '^FAIL' "$result") failed"
done
grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$work/results/instrumented.sum" > "$work/results/failures-instrumented.txt" || true
grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$work/results/plain.sum" > "$work/results/failures-plain.txt" || true
if ! diff "$work/results/failures-plain.txt" "$work/results/failures-instrumented.txt" > "$work/results/comparison.txt"; then
  echo "build-and-test: the instrumented libstdc++ fails other tests than the plain one (< plain, > instrumented):" >&2
  cat "$work/results/comparison.txt" >&2
  exit 1
fi
log "the same failures with and without ticks: $(wc -l < "$work/results/failures-plain.txt")"
