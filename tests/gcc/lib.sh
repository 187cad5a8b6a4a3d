# Shared by the GCC plugin tests (sourced).  CTest passes, in the
# environment:
#   ST_GCC ST_GXX ST_PLUGIN           the host gcc/g++ and build/gcc-plugin/softticks.so
#   ST_AARCH64_GCC ST_AARCH64_GXX ST_AARCH64_PLUGIN ST_QEMU ST_AARCH64_SYSROOT  (optional)
#   ST_CORPUS ST_TESTS                tests/corpus and tests/gcc
#   ST_ASM_TICKS ST_BIN_TICKS         the counting tools built here
#   ST_TRACE                          build/tools/softticks-trace (optional)
#   ST_WORK                           a scratch directory for this test
source "$(dirname "${BASH_SOURCE[0]}")/../support/scratch.sh"

# The compilers every test uses: the plugin, and IL checks on (an ICE on
# valid code fails the test).
st_cc() { "$ST_GCC" -fplugin="$ST_PLUGIN" -fchecking=2 "$@"; }
st_cxx() { "$ST_GXX" -fplugin="$ST_PLUGIN" -fchecking=2 "$@"; }

# compiler_for FILE ARCH: the driver that compiles FILE (C or C++) for ARCH.
compiler_for() {
  local file=$1 arch=$2
  case "$arch:$file" in
    aarch64:*.cc) echo "$ST_AARCH64_GXX" ;;
    aarch64:*) echo "$ST_AARCH64_GCC" ;;
    *:*.cc) echo "$ST_GXX" ;;
    *) echo "$ST_GCC" ;;
  esac
}

plugin_for() {
  if [ "$1" = aarch64 ]; then echo "$ST_AARCH64_PLUGIN"; else echo "$ST_PLUGIN"; fi
}

# run_for ARCH PROG ARGS...: runs a program built for ARCH (qemu for aarch64).
run_for() {
  local arch=$1
  shift
  if [ "$arch" = aarch64 ]; then
    "$ST_QEMU" -L "$ST_AARCH64_SYSROOT" "$@"
  else
    "$@"
  fi
}

# table_rows TABLE: the non-comment rows of a tick table.
table_rows() { grep -v '^[[:space:]]*#' "$1" | awk 'NF >= 3'; }
