# Shared by the LLVM plugin's machine-code tests (sourced).  CTest passes,
# in the environment:
#   ST_MAJOR ST_BINDIR        the LLVM under test and its bin directory
#   ST_PLUGIN ST_CFG          its plugin and clang config file
#   ST_CORPUS ST_PROGRAMS     tests/corpus and tests/llvm/programs
#   ST_SUPPORT                tests/support (the in-process harness)
#   ST_INCLUDE                include/ (rr/softticks.h)
#   ST_ASM_TICKS ST_BIN_TICKS the tick counters (tests/gcc/*.c)
#   ST_TRACE                  softticks-trace (optional)
#   ST_HAVE_M32               ON when -m32 programs link
#   ST_QEMU                   (optional) qemu-aarch64, for aarch64 programs
#   ST_WORK                   a scratch directory for this test
source "$(dirname "${BASH_SOURCE[0]}")/../support/scratch.sh"

ST_CLANG=$ST_BINDIR/clang
ST_CLANGXX=$ST_BINDIR/clang++

# LLVM 14's clang spells it --config FILE; newer ones also --config=FILE.
st_cc() { "$ST_CLANG" --config "$ST_CFG" "$@"; }
st_cxx() { "$ST_CLANGXX" --config "$ST_CFG" "$@"; }
plain_cc() { "$ST_CLANG" "$@"; }
plain_cxx() { "$ST_CLANGXX" "$@"; }

# arch_flags ARCH: the clang flags that target ARCH.
arch_flags() {
  case "$1" in
    x86_64) ;;
    i386) echo "-m32" ;;
    aarch64) echo "--target=aarch64-linux-gnu -static" ;;
    *) fail "unknown arch $1" ;;
  esac
}

# quirk_flags ARCH NAME: flags one corpus program needs on one arch, with
# or without the plugin: clang -m32's default PIE code cannot call an ifunc
# (GNU ld: "unsupported non-PIC call to IFUNC").
quirk_flags() {
  if [ "$1:$2" = i386:ifunc ]; then echo "-fPIC"; fi
}

# run_for ARCH PROG ARGS...: runs a program built for ARCH (qemu for aarch64).
run_for() {
  local arch=$1
  shift
  if [ "$arch" = aarch64 ]; then "$ST_QEMU" "$@"; else "$@"; fi
}

# table_rows TABLE: the non-comment rows of a tick table.
table_rows() { grep -v '^[[:space:]]*#' "$1" | awk 'NF >= 2'; }

# json_int KEY: the integer value of "KEY" in the JSON on stdin.
json_int() { grep -o "\"$1\": *-\{0,1\}[0-9]*" | head -1 | sed 's/.*: *//'; }
