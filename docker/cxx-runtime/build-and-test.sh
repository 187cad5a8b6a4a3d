#!/usr/bin/env bash
# Opt-in, hours on 2 cores (issue 29's "C++ runtime with ticks"): GCC's
# runtime libraries, libgcc (libgcc_s.so.1), libstdc++-v3, libatomic and
# libgomp, from Debian's gcc-12 source package (the version this
# machine's gcc-12 is), with Debian's patches, built by build-runtime.sh
# against the installed gcc-12 (no compiler built) twice from the same
# tree: through the instrumenting toolchain (the GCC plugin and
# softticks-as) and plainly.
# Checks: ticks in the instrumented libraries only, every exported symbol
# (with its version) of Debian's libraries present, runtime-check.cc
# printing the same with each set as with Debian's; then, unless
# --build-only, the libraries' own test suites (DejaGnu: the runtest of
# Debian's dejagnu) on both, one subset after the other, and each
# subset's failures compared.
#   docker/cxx-runtime/build-and-test.sh WORKDIR [--build-dir BUILD] [--jobs N]
#                                        [--tests "[LIB:]RUNTESTFLAGS"]... [--build-only]
# --tests: one subset, the RUNTESTFLAGS of LIB's `make check` (repeat it
# for more).  LIB: libstdc++-v3 (the default), libatomic or libgomp; an
# empty RUNTESTFLAGS runs LIB's whole suite.  Default: libstdc++-v3's
# conformance.exp=23_containers/vector/* and libatomic's whole suite.
# Examples: "conformance.exp=23_containers/*", "libgomp:c.exp".  Each
# subset's results go to WORKDIR/results/subsets/NAME/ (NAME: the subset
# with every character but letters, digits, '.', '-' and '_' made '_'):
# instrumented.sum and plain.sum (the .sum lines "STATUS: test", sorted),
# failures-*.txt and comparison.txt.  The suite runs with make -jN (its
# own parallel mode: the tests are shared out between N runtest processes).
# BUILD: softticks' CMake build tree (default ./build); WORKDIR keeps the
# source, both builds and results/ (re-running resumes: a finished build or
# subset is not redone).  Runs under nice -n 19.  Exit status: 0 when the
# instrumented libraries have ticks and (with the tests) both builds fail
# the same tests in every subset.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# shellcheck source=SCRIPTDIR/../lib/two-builds.sh
. "$repo/docker/lib/two-builds.sh"
# shellcheck source=SCRIPTDIR/runtime-libraries.sh
. "$here/runtime-libraries.sh"

usage() { echo "usage: $0 WORKDIR [--build-dir BUILD] [--jobs N] [--tests \"[LIB:]RUNTESTFLAGS\"]... [--build-only]" >&2; exit 2; }
[ $# -ge 1 ] || usage
work=$1; shift
build=$repo/build
jobs=1
subsets=()
build_only=
while [ $# -gt 0 ]; do
  case $1 in
    --tests) { [ $# -ge 2 ] && [ -n "$2" ]; } || usage; subsets+=("$2"); shift 2 ;;
    *) common_option "$@" || usage; shift "$shifted" ;;
  esac
done
[ ${#subsets[@]} -gt 0 ] || subsets=("conformance.exp=23_containers/vector/*" "libatomic:")
# Each subset's library and RUNTESTFLAGS, parsed once: subset_lib[i],
# subset_flags[i].
subset_lib=() subset_flags=()
for tests in "${subsets[@]}"; do
  case $tests in
    libstdc++-v3:* | libatomic:* | libgomp:*) subset_lib+=("${tests%%:*}") subset_flags+=("${tests#*:}") ;;
    *:*) [[ ${tests%%:*} == *=* ]] ||
      { echo "build-and-test: --tests '$tests': no library ${tests%%:*} (libstdc++-v3, libatomic, libgomp)" >&2; exit 2; }
      subset_lib+=(libstdc++-v3) subset_flags+=("$tests") ;;
    *) subset_lib+=(libstdc++-v3) subset_flags+=("$tests") ;;
  esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "build-and-test: --jobs wants a positive number, not '$jobs'" >&2; exit 2; }
need_tools "g++-12 gfortran-12 dpkg-dev quilt" gcc-12 g++-12 gfortran-12 dpkg-source quilt
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
log "source: gcc-12 $version, libgcc, libstdc++-v3, libatomic and libgomp of $tree"

# The libraries built twice by build-runtime.sh (the gcc/
# directory's headers made once, by the host's plain gcc-12, and copied:
# they do not depend on the flavour), instrumented and plain.
for flavour in instrumented plain; do
  dir=$work/build-$flavour
  if [ $flavour = instrumented ]; then
    cc="gcc-12 $instrumenting_flags -D__RR_SOFTTICKS__=1"
    cxx="g++-12 $instrumenting_flags -D__RR_SOFTTICKS__=1"
    fc="gfortran-12 $instrumenting_flags -D__RR_SOFTTICKS__=1"
  else
    cc=gcc-12 cxx=g++-12 fc=gfortran-12
    if [ -f "$work/build-instrumented/.done-gcc-headers" ] && [ ! -f "$dir/.done-gcc-headers" ]; then
      mkdir -p "$dir"
      cp -a "$work/build-instrumented/gcc" "$work/build-instrumented/build-x86_64-linux-gnu" "$dir/"
      cp "$work/build-instrumented/.done-libiberty" "$work/build-instrumented/.done-gcc-headers" "$dir/"
    fi
  fi
  log "build $flavour: libgcc, libstdc++-v3, libatomic, libgomp (logs: $dir/*/build-runtime.log)"
  "$here/build-runtime.sh" "$tree" "$dir" --jobs "$jobs" --cc "$cc" --cxx "$cxx" --fc "$fc" ||
    { echo "build-and-test: the $flavour build failed" >&2; exit 1; }
done

# The instrumented libraries have ticks, the plain ones none; the exported
# symbols (with versions) include all of the installed Debian libraries'.
for flavour in instrumented plain; do
  while read -r base _ path; do
    so=$work/build-$flavour/$path
    [ -f "$so" ] || { echo "build-and-test: the $flavour build made no $so" >&2; exit 1; }
    "$inspect" "$so" > "$work/results/inspect-$flavour-$base.txt" || true
    log "$flavour: $(head -n 1 "$work/results/inspect-$flavour-$base.txt")"
    exported "$so" > "$work/results/$flavour-$base.syms"
    exported "/usr/lib/x86_64-linux-gnu/$base" > "$work/results/debian-$base.syms"
    missing=$(comm -23 "$work/results/debian-$base.syms" "$work/results/$flavour-$base.syms")
    [ -z "$missing" ] || { echo "build-and-test: $so lacks Debian's $(echo "$missing" | sed -n 1,5p | paste -sd' ')" >&2; exit 1; }
    log "$flavour $base: $(wc -l < "$work/results/$flavour-$base.syms") exported symbols, Debian's $(wc -l < "$work/results/debian-$base.syms"), none missing"
    if grep -q ': instrumented (' "$work/results/inspect-$flavour-$base.txt"; then
      [ $flavour = instrumented ] || { echo "build-and-test: the plain $base has ticks" >&2; exit 1; }
    else
      [ $flavour = plain ] || { echo "build-and-test: the instrumented $base has no ticks" >&2; exit 1; }
    fi
    mkdir -p "$work/check/$flavour"
    cp -L "$so" "$work/check/$flavour/$base"
  done <<< "$runtime_libraries"
  # runtime-check.cc with the libraries: the same output as with Debian's.
  [ -x "$work/check/runtime-check" ] ||
    build_runtime_check "$here/runtime-check.cc" "$work/check/runtime-check"
  "$work/check/runtime-check" > "$work/check/debian.out"
  LD_LIBRARY_PATH=$work/check/$flavour "$work/check/runtime-check" > "$work/check/$flavour.out" ||
    { echo "build-and-test: runtime-check failed with the $flavour libraries (exit $?)" >&2; exit 1; }
  cmp "$work/check/debian.out" "$work/check/$flavour.out"
  log "$flavour: runtime-check prints the same with these libraries as with Debian's ($(tail -n 1 "$work/check/$flavour.out"))"
done
if [ -n "$build_only" ]; then exit 0; fi

# The test suites, each subset on both builds; the .sum lines "STATUS: test".
# libstdc++'s suite runs its programs with LD_LIBRARY_PATH naming src/.libs:
# the flavour's libgcc_s.so.1 there is the one they load.
for flavour in instrumented plain; do
  cp "$work/build-$flavour/$(built_path libgcc_s.so.1)" \
    "$(dirname "$work/build-$flavour/$(built_path libstdc++.so.6)")/"
done
differ=()
for i in "${!subsets[@]}"; do
  tests=${subsets[i]} lib=${subset_lib[i]} flags=${subset_flags[i]}
  name=$(printf '%s' "$tests" | tr -c 'A-Za-z0-9._-' _)
  out=$work/results/subsets/$name
  mkdir -p "$out"
  for flavour in instrumented plain; do
    result=$out/$flavour.sum
    [ -f "$result" ] && continue
    log "test $flavour: $lib ${flags:-(the whole suite)} (make -j$jobs check)"
    libdir=$work/build-$flavour/x86_64-linux-gnu/$lib
    sum=$libdir/testsuite/${lib%-v3}.sum
    rm -f "$sum"
    # libatomic's suite links its programs with the build's library but
    # runs them with the installed one (its LD_LIBRARY_PATH names only
    # gcc's directory); the environment's LD_LIBRARY_PATH comes after that
    # directory, which has no libatomic.so.1.  libstdc++'s and libgomp's
    # suites name their .libs themselves.
    libpath=
    [ "$lib" = libstdc++-v3 ] || libpath=$libdir/.libs
    LD_LIBRARY_PATH=$libpath make -j"$jobs" -C "$libdir" check ${flags:+RUNTESTFLAGS="$flags"} > "$out/check-$flavour.log" 2>&1 || true
    [ -f "$sum" ] || { tail -20 "$out/check-$flavour.log"; echo "build-and-test: $flavour wrote no $sum for $tests" >&2; exit 1; }
    grep -E '^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED|UNTESTED): ' "$sum" | sort > "$result.part"
    [ -s "$result.part" ] || { echo "build-and-test: $flavour ran no test of $tests (a glob that matches nothing?)" >&2; exit 1; }
    mv "$result.part" "$result"
    log "$flavour $tests: $(grep -c '^PASS' "$result") passed, $(grep -c '^FAIL' "$result") failed, $(grep -c '^UNSUPPORTED' "$result") unsupported"
  done
  grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$out/instrumented.sum" > "$out/failures-instrumented.txt" || true
  grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$out/plain.sum" > "$out/failures-plain.txt" || true
  if diff "$out/failures-plain.txt" "$out/failures-instrumented.txt" > "$out/comparison.txt"; then
    log "$tests: the same failures with and without ticks: $(wc -l < "$out/failures-plain.txt")"
  else
    echo "build-and-test: $tests: the instrumented $lib fails other tests than the plain one (< plain, > instrumented):" >&2
    cat "$out/comparison.txt" >&2
    differ+=("$tests")
  fi
done
[ ${#differ[@]} -eq 0 ] || { echo "build-and-test: different failures in: ${differ[*]}" >&2; exit 1; }
