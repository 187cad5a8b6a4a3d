# shellcheck shell=bash
# Shared by the machine-code checks (sourced).  One compiler per test, from
# the environment CTest passes (README.md runs a check by hand):
#   ST_TOOLCHAIN  build/tests/toolchains/<compiler>.env, which scratch.sh
#                 loads (tests/support/toolchains.cmake):
#     ST_COMPILER ST_KIND        gcc12, gcc11, clang19...; gcc or clang
#     ST_PLUGIN                  that compiler's plugin
#     gcc:   ST_GCC ST_GXX       the host drivers
#            ST_AARCH64_GCC ST_AARCH64_GXX ST_AARCH64_PLUGIN
#                                the aarch64 cross build (host GCC, optional)
#     clang: ST_MAJOR ST_BINDIR  the LLVM under test and its bin directory
#            ST_CFG ST_LTO_CFG   its config files (softticks.cfg, softticks-lto.cfg)
#     ST_INCLUDE                 include/
#     ST_ASM_TICKS ST_BIN_TICKS  the tick counters (asm_ticks.c, bin_ticks.c)
#     ST_TRACE ST_QEMU           softticks-trace, qemu-aarch64 (optional)
#   ST_WORK       a scratch directory for this test
# Set here: ST_TESTS ST_CORPUS ST_SUPPORT (tests/machine_code, tests/corpus,
# tests/support) and ST_AARCH64_SYSROOT (where qemu finds the cross GCC's
# loader and libraries).
ST_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ST_CORPUS=$(dirname "$ST_TESTS")/corpus
ST_SUPPORT=$(dirname "$ST_TESTS")/support
source "$ST_SUPPORT/scratch.sh"

ST_AARCH64_SYSROOT=
if [ -n "${ST_AARCH64_GCC:-}" ]; then
  ST_AARCH64_SYSROOT=$("$ST_AARCH64_GCC" -print-sysroot 2>/dev/null || true)
  _triple=$("$ST_AARCH64_GCC" -dumpmachine 2>/dev/null || true)
  if { [ -z "$ST_AARCH64_SYSROOT" ] || [ "$ST_AARCH64_SYSROOT" = / ]; } && [ -e "/usr/$_triple" ]; then
    ST_AARCH64_SYSROOT=/usr/$_triple
  fi
fi

ST_CLANG=${ST_BINDIR:-}/clang

# st_cc ARCH ARGS...: the C compiler with the plugin, building for ARCH;
# st_cxx the same for C++; plain_cc/plain_cxx without the plugin.  GCC runs
# with IL checks on (an ICE on valid code fails the test); clang loads the
# plugin through its config file (LLVM 14 wants --config FILE first).
st_cc() { driver ticks c "$@"; }
st_cxx() { driver ticks c++ "$@"; }
plain_cc() { driver plain c "$@"; }
plain_cxx() { driver plain c++ "$@"; }

driver() {
  local mode=$1 lang=$2 arch=$3
  shift 3
  local cmd plugin=() flags=()
  case $ST_KIND:$arch:$lang in
    gcc:aarch64:c) cmd=$ST_AARCH64_GCC plugin=(-fplugin="$ST_AARCH64_PLUGIN" -fchecking=2) ;;
    gcc:aarch64:c++) cmd=$ST_AARCH64_GXX plugin=(-fplugin="$ST_AARCH64_PLUGIN" -fchecking=2) ;;
    gcc:*:c) cmd=$ST_GCC plugin=(-fplugin="$ST_PLUGIN" -fchecking=2) ;;
    gcc:*:c++) cmd=$ST_GXX plugin=(-fplugin="$ST_PLUGIN" -fchecking=2) ;;
    clang:*:c) cmd=$ST_BINDIR/clang plugin=(--config "$ST_CFG") ;;
    clang:*:c++) cmd=$ST_BINDIR/clang++ plugin=(--config "$ST_CFG") ;;
    *) fail "no driver for $ST_KIND $arch $lang" ;;
  esac
  [ "$mode" = ticks ] || plugin=()
  case $ST_KIND:$arch in
    *:x86_64) ;;
    *:i386) flags=(-m32) ;;
    gcc:aarch64) ;;
    # Static: qemu then needs no target loader.  -S links nothing (and
    # -static would change the code model), so it goes without.
    clang:aarch64) flags=(--target=aarch64-linux-gnu)
      [[ " $* " == *" -S "* ]] || flags+=(-static) ;;
    *) fail "unknown arch $arch" ;;
  esac
  "$cmd" "${plugin[@]}" "${flags[@]}" "$@"
}

# compiler_for FILE / plain_for FILE: the function that builds FILE (C or C++).
compiler_for() { case $1 in *.cc) echo st_cxx ;; *) echo st_cc ;; esac; }
plain_for() { case $1 in *.cc) echo plain_cxx ;; *) echo plain_cc ;; esac; }

# quirk_flags NAME ARCH: flags one corpus program needs with one compiler on
# one arch, with or without the plugin: clang -m32's default PIE code cannot
# call an ifunc (GNU ld: "unsupported non-PIC call to IFUNC").
quirk_flags() {
  if [ "$ST_KIND:$2:$1" = clang:i386:ifunc ]; then echo "-fPIC"; fi
}

# asm_flags: what -S needs for asm_ticks to read the result: clang's own
# assembler would re-print inline asm, which asm_ticks does not recognize.
asm_flags() {
  if [ "$ST_KIND" = clang ]; then echo "-fno-integrated-as"; fi
}

# bare_labels ASM: drops clang's "# @name" ("// @name" on aarch64) comments
# after labels (asm_ticks wants bare labels; GCC writes none).
bare_labels() { sed -E -i 's,^([^[:space:]]+:)[[:space:]]+(#|//).*$,\1,' "$1"; }

# run_for ARCH PROG ARGS...: runs a program built for ARCH (qemu for
# aarch64, with the cross sysroot for GCC's dynamically linked programs;
# i386 natively or under qemu-i386, ../support/i386.sh).
run_for() {
  local arch=$1
  shift
  if [ "$arch" = aarch64 ]; then
    "$ST_QEMU" ${ST_AARCH64_SYSROOT:+-L "$ST_AARCH64_SYSROOT"} "$@"
  else
    st_arch_run "$arch" "$@"
  fi
}

# table_rows TABLE: the non-comment rows of a tick table.
table_rows() { grep -v '^[[:space:]]*#' "$1" | awk 'NF >= 2'; }

# json_int KEY: the integer value of "KEY" in the JSON on stdin.
json_int() { grep -o "\"$1\": *-\{0,1\}[0-9]*" | sed -n 1p | sed 's/.*: *//'; }

# trace_proof LABEL PROGRAM [ARGS...]: softticks-trace check single-steps
# the program and finds no violation, and two counts give the same ticks,
# more than 0.  TRACE_CHECK keeps the check's JSON line for more tests.
trace_proof() {
  local label=$1 c1 c2
  shift
  TRACE_CHECK=$("$ST_TRACE" check --json "$@" | tail -1)
  echo "$label check: $TRACE_CHECK"
  [ "$(json_int violation_count <<< "$TRACE_CHECK")" = 0 ] || fail "$label: violations"
  c1=$("$ST_TRACE" count --json "$@" | tail -1 | json_int ticks)
  c2=$("$ST_TRACE" count --json "$@" | tail -1 | json_int ticks)
  echo "$label count: $c1 $c2"
  { [ "$c1" -gt 0 ] && [ "$c1" = "$c2" ]; } || fail "$label: counts $c1 and $c2"
}
