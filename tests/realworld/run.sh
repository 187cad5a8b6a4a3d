#!/usr/bin/env bash
# The realworld suite's driver: builds a Debian source package with its own
# build system and the packager's flags (dpkg-buildflags), one of four ways,
# runs its own test suite and checks the result.
#
#   run.sh PROJECT BUILD SOFTTICKS_BUILD_DIR WORK_DIR
#   run.sh gcc11-plugin SOURCE_DIR SOFTTICKS_BUILD_DIR WORK_DIR
#   run.sh summary WORK_DIR
#
# BUILD is one of
#   plain    gcc-12, no plugin (the reference)
#   gcc12    gcc-12 -fplugin=SOFTTICKS_BUILD_DIR/gcc-plugin/softticks.so
#   gcc11    gcc-11 with the plugin built against gcc-11's headers
#            (WORK_DIR/gcc-11/gcc-plugin/softticks.so, see gcc11-plugin)
#   clang19  clang-19 --config=SOFTTICKS_BUILD_DIR/llvm-pass/softticks.cfg
#   clang19plain  clang-19, no plugin: the reference where clang and gcc differ
#   clang22, clang22plain  the same with clang-22 and the plugin built for
#            LLVM 22 (SOFTTICKS_BUILD_DIR/llvm-pass/llvm-22/softticks.cfg);
#            clangN with any other LLVM N the build has a plugin for
#   gcc12lto gcc12 with Debian's LTO flags (optimize=+lto: -flto=auto
#            -ffat-lto-objects); the plugin is in CC and CXX as well, since
#            libtool drops it from a shared library's link line
#   plainlto gcc-12 with the LTO flags, no plugin: gcc12lto's reference
#
# Checks, each recorded in WORK_DIR/results/PROJECT.BUILD:
#   suite    the project's own test suite passes
#   inspect  softticks-inspect: every linked module (executable or shared
#            object) the build made is instrumented with exactly one note
#            (plain: none is instrumented)
#   count    softticks-trace count, twice: equal ticks and exit status
#   stop     softticks-trace stop-at N (N = half the count), twice: same pc, sp
# Status: 0 all checks passed, 1 a check failed, 77 skipped (what is missing
# is printed).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
SRC_CACHE=${SOFTTICKS_REALWORLD_CACHE:-/var/cache/softticks-realworld/src}
JOBS=${SOFTTICKS_REALWORLD_JOBS:-2}

say() { printf 'realworld: %s\n' "$*" >&2; }
skip() { say "SKIP: $*"; exit 77; }

# --- the gcc-11 plugin: the plugin sources configured for gcc-11 ---------
if [[ ${1-} == gcc11-plugin ]]; then
  [[ $# == 4 ]] || { say "usage: run.sh gcc11-plugin SOURCE_DIR SOFTTICKS_BUILD_DIR WORK_DIR"; exit 2; }
  src=$2 work=$4
  command -v gcc-11 >/dev/null || skip "gcc-11 missing (apt-get install gcc-11 g++-11 gcc-11-plugin-dev)"
  [[ -f $(gcc-11 -print-file-name=plugin)/include/gcc-plugin.h ]] ||
    skip "gcc-11's plugin headers missing (apt-get install gcc-11-plugin-dev)"
  mkdir -p "$work/gcc-11"
  cmake -S "$src" -B "$work/gcc-11" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSOFTTICKS_GCC="$(command -v gcc-11)" -DSOFTTICKS_GXX="$(command -v g++-11)" \
    >"$work/gcc-11.configure.log" 2>&1 || { cat "$work/gcc-11.configure.log" >&2; exit 1; }
  cmake --build "$work/gcc-11" --target softticks_gcc_plugin -j"$JOBS" >"$work/gcc-11.build.log" 2>&1 ||
    { tail -50 "$work/gcc-11.build.log" >&2; exit 1; }
  exit 0
fi

if [[ ${1-} == summary ]]; then
  exec python3 "$here/summary.py" "$2/results"
fi

[[ $# == 4 ]] || { say "usage: run.sh PROJECT BUILD SOFTTICKS_BUILD_DIR WORK_DIR"; exit 2; }
project=$1 build=$2 st=$3 work=$4
fn=${project//[.-]/_}
source "$here/projects.sh"
declare -F "${fn}_build" >/dev/null || { say "unknown project $project"; exit 2; }
pkgvar=${fn}_source needsvar=${fn}_needs libvar=${fn}_libpath
pkg=${!pkgvar} needs=${!needsvar-}

results=$work/results
mkdir -p "$results"
result=$results/$project.$build
rm -f "$result"
record() { printf '%s=%s\n' "$1" "$2" >>"$result"; }

for tool in dpkg-buildflags dpkg-source autoreconf make cmake python3; do
  command -v $tool >/dev/null || skip "$tool missing (bash tests/realworld/install-deps.sh)"
done
inspect=$st/tools/softticks-inspect trace=$st/tools/softticks-trace
[[ -x $inspect && -x $trace ]] || skip "$inspect or $trace missing (build softticks first)"

# --- the compiler and the instrumentation flags of the build ---------------
export DEB_BUILD_MAINT_OPTIONS="hardening=+all"
# Debian 13's defaults on amd64 (dpkg 1.22), which bookworm's dpkg lacks.
extra="-fstack-clash-protection -fcf-protection"
case $build in
  plain) CC=gcc-12 CXX=g++-12 inst= ;;
  plainlto) CC=gcc-12 CXX=g++-12 inst= DEB_BUILD_MAINT_OPTIONS+=" optimize=+lto" ;;
  gcc12|gcc12lto) CC=gcc-12 CXX=g++-12 inst="-fplugin=$st/gcc-plugin/softticks.so"
         [[ -f $st/gcc-plugin/softticks.so ]] || skip "$st/gcc-plugin/softticks.so missing"
         # libtool drops -fplugin= from a shared library's link line, where
         # LTO generates the code; it keeps CC, so a packager puts it there.
         if [[ $build == gcc12lto ]]; then
           DEB_BUILD_MAINT_OPTIONS+=" optimize=+lto" CC+=" $inst" CXX+=" $inst"
         fi ;;
  gcc11) CC=gcc-11 CXX=g++-11 inst="-fplugin=$work/gcc-11/gcc-plugin/softticks.so"
         [[ -f $work/gcc-11/gcc-plugin/softticks.so ]] ||
           skip "the gcc-11 plugin is missing (realworld_gcc11_plugin did not build it)" ;;
  clang[0-9][0-9]plain) major=${build#clang} major=${major%plain}
         CC=clang-$major CXX=clang++-$major inst= ;;
  clang[0-9][0-9]) major=${build#clang}
         # The main plugin (LLVM 19) is build/llvm-pass/softticks.so; the one
         # for each other LLVM major is in build/llvm-pass/llvm-<major>/.
         cfg=$st/llvm-pass/llvm-$major/softticks.cfg
         [[ $major == 19 ]] && cfg=$st/llvm-pass/softticks.cfg
         CC=clang-$major CXX=clang++-$major inst="--config=$cfg"
         [[ -f $cfg ]] || skip "$cfg missing (llvm-$major-dev when configured)" ;;
  *) say "unknown build $build"; exit 2 ;;
esac
command -v "${CC%% *}" >/dev/null && command -v "${CXX%% *}" >/dev/null ||
  skip "${CC%% *} or ${CXX%% *} missing"
# dpkg-buildflags itself carries the instrumentation, so that build systems
# that ask it (lua's Makefile) get the same flags as the environment.
export DEB_CFLAGS_MAINT_APPEND="$extra $inst" DEB_CXXFLAGS_MAINT_APPEND="$extra $inst"
export DEB_LDFLAGS_MAINT_APPEND="$inst"
CFLAGS=$(dpkg-buildflags --get CFLAGS) CXXFLAGS=$(dpkg-buildflags --get CXXFLAGS)
CPPFLAGS=$(dpkg-buildflags --get CPPFLAGS) LDFLAGS=$(dpkg-buildflags --get LDFLAGS)
export CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS JOBS RW_DIR=$here
record build "$CC $CFLAGS"

# A project built against another (P_needs) takes that one's install from
# the same build: it must have run first (CTest's fixtures, runs.txt order).
for dep in $needs; do
  [[ -e $work/$build/deps/$dep ]] ||
    skip "$project/$build needs $dep built the same way first (run.sh $dep $build ...)"
done

# --- the source -------------------------------------------------------------
mkdir -p "$SRC_CACHE"
dsc=$(compgen -G "$SRC_CACHE/${pkg}_*.dsc" | sed -n 1p)
if [[ -z $dsc ]]; then
  (cd "$SRC_CACHE" && apt-get source --download-only "$pkg") >"$work/$pkg.fetch.log" 2>&1 ||
    skip "apt-get source --download-only $pkg failed (deb-src entry? bash tests/realworld/install-deps.sh)"
  dsc=$(compgen -G "$SRC_CACHE/${pkg}_*.dsc" | sed -n 1p)
fi
dir=$work/$build/$project
rm -rf "$dir"; mkdir -p "$dir"
mkdir -p "$work/$build"
dpkg-source -x "$dsc" "$dir/tree" >"$work/$build/$project.extract.log" 2>&1 ||
  { cat "$work/$build/$project.extract.log" >&2; exit 1; }
export PREFIX=$dir/prefix DEPS=$work/$build/deps SAMPLE=$dir/sample
# A sample to compress: some text and some binary, the same in every build.
{ cat "$here/projects.sh" "$here/run.sh"; head -c 200000 /usr/share/dict/words 2>/dev/null
  seq 1 20000; } >"$SAMPLE"
log=$dir/log

# --- build and test ---------------------------------------------------------
status=0
say "$project/$build: building (log: $log.build)"
if ! (cd "$dir/tree" && "${fn}_build") >"$log.build" 2>&1; then
  tail -40 "$log.build" >&2
  record suite build-failed
  say "$project/$build: FAILED to build"
  exit 1
fi
if [[ -d $PREFIX ]]; then mkdir -p "$DEPS" && ln -sfn "$PREFIX" "$DEPS/$project"; fi
say "$project/$build: running its test suite (log: $log.check)"
if (cd "$dir/tree" && "${fn}_check") >"$log.check" 2>&1; then
  record suite pass
else
  tail -60 "$log.check" >&2
  record suite FAIL
  status=1
fi
python3 "$here/suite_counts.py" "$log.check" >>"$result"

# --- inspect: every linked module -------------------------------------------
"$inspect" --json "$dir/tree" >"$log.inspect.json" 2>"$log.inspect.err"
want=instrumented
[[ $build == plain* || $build == *plain ]] && want=plain
verdict=$(python3 "$here/inspect_verdict.py" "$want" "$log.inspect.json" 2>"$log.inspect.why")
record inspect "$verdict"
if [[ $verdict != ok* ]]; then
  cat "$log.inspect.why" >&2; status=1
fi

# --- the tracer: count twice, stop-at twice -----------------------------------
mapfile -t cmd < <(cd "$dir/tree" && "${fn}_trace")
libpath=$(eval "printf %s \"${!libvar-}\"")
if [[ $want == plain ]]; then
  record determinism n/a
else
  # Every traced run gets the inputs a recorder would replay: a fixed clock
  # and fixed random bytes (../support/fixed_inputs.c, README.md).  Lua
  # seeds its hashes with time(), jq and expat with arc4random.
  preload=$dir/fixed_inputs.so
  gcc-12 -O2 -shared -fPIC -o "$preload" "$here/../support/fixed_inputs.c" || exit 1
  libs=
  [[ -n $libpath ]] && libs=$(cd "$dir/tree" && realpath -m ${libpath//:/ } | paste -sd:)
  traced() { (cd "$dir/tree" && LD_LIBRARY_PATH=$libs LD_PRELOAD=$preload "$trace" "$@" >/dev/null 2>>"$log.trace.err"); }
  field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
  det=ok
  for i in 1 2; do
    traced count --json -o "$log.count$i.json" -- "${cmd[@]}" || det="count failed"
  done
  if [[ $det == ok ]]; then
    t1=$(field "$log.count1.json" ticks) t2=$(field "$log.count2.json" ticks)
    e1=$(field "$log.count1.json" exit_status) e2=$(field "$log.count2.json" exit_status)
    [[ $t1 == "$t2" && $e1 == "$e2" ]] || det="counts differ: $t1/$e1 vs $t2/$e2"
    [[ $e1 == 0 ]] || det="the traced program exited with $e1"
    (( t1 > 1 )) || det="no ticks counted ($t1)"
  fi
  if [[ $det == ok ]]; then
    n=$((t1 / 2))
    for i in 1 2; do
      traced stop-at "$n" --json -o "$log.stop$i.json" -- "${cmd[@]}" || det="stop-at $n failed"
    done
  fi
  if [[ $det == ok ]]; then
    p1=$(field "$log.stop1.json" pc):$(field "$log.stop1.json" sp)
    p2=$(field "$log.stop2.json" pc):$(field "$log.stop2.json" sp)
    fun=$(field "$log.stop1.json" function)
    det="ok ($t1 ticks; stop-at $n in $fun)"
    [[ $p1 == "$p2" ]] || det="stop-at $n: $p1 vs $p2"
  fi
  [[ $det == ok* ]] || { status=1; cat "$log.trace.err" >&2; }
  record determinism "$det"
  record traced "${cmd[0]##*/}"
fi
# CPU time of the children (user, system) and the wall time of the run: on
# an idle machine the wall time is about the CPU time over the parallelism;
# on a busy one wall times say little.
times >"$log.times"  # in this shell: a $(...) subshell has no children yet
record cpu "$(sed -n 2p "$log.times")"
record wall "${SECONDS}s"
say "$project/$build: $(tr '\n' ' ' <"$result")"
exit $status
