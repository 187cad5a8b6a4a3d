# shellcheck shell=bash
# Sourced by the opt-in build-and-test.sh scripts (docker/glibc/,
# docker/cxx-runtime/): one Debian source built twice outside the image,
# instrumented (softticks' GCC plugin and softticks-as, copied out of
# softticks' build tree) and plain, then its test suite on both.

log() { echo "build-and-test: [$(date +%T)] $*"; }

# common_option ARGS...: the options every such script takes, at the front
# of ARGS: --build-dir BUILD, --jobs N, --build-only.  Sets build, jobs or
# build_only, and shifted (the words used); returns 1 for anything else.
# shellcheck disable=SC2034 # set for the caller
common_option() {
  case $1 in
    --build-dir) [ $# -ge 2 ] || return 1; build=$2; shifted=2 ;;
    --jobs) [ $# -ge 2 ] || return 1; jobs=$2; shifted=2 ;;
    --build-only) build_only=1; shifted=1 ;;
    *) return 1 ;;
  esac
}

# need_tools PACKAGES TOOL...: each TOOL is in PATH, else exit 1 naming
# the Debian PACKAGES to install.
need_tools() {
  local packages=$1 tool
  shift
  for tool in "$@"; do
    command -v "$tool" > /dev/null || { echo "build-and-test: $tool missing (apt-get install $packages)" >&2; exit 1; }
  done
}

# copy_tools WORK FILE...: FILEs of softticks' build tree $build must exist
# (else exit 1); its plugin and softticks-as are copied into WORK/tools
# (softticks.so, as/as) once: a rebuild of softticks during the hours of a
# run must not change the compiler halfway through.  Sets
# instrumenting_flags: the compiler options that load them.
copy_tools() {
  local work=$1 f
  shift
  for f in "$build/gcc-plugin/softticks.so" "$build/asm/softticks-as" "$@"; do
    [ -f "$f" ] || { echo "build-and-test: $f missing: build softticks first (cmake --build $build)" >&2; exit 1; }
  done
  if [ ! -d "$work/tools" ]; then
    mkdir -p "$work/tools/as"
    cp "$build/gcc-plugin/softticks.so" "$work/tools/softticks.so"
    cp "$build/asm/softticks-as" "$work/tools/as/as"
  fi
  # shellcheck disable=SC2034 # set for the caller
  instrumenting_flags="-fplugin=$work/tools/softticks.so -B$work/tools/as/"
}
