#!/usr/bin/env bash
# The ABI checks that need an assembler or compiler for one arch, with the
# toolchain chosen here (exit 77, a skip, when this machine lacks it):
#
#   toolchain_check.sh seq ARCH TOOL FORM   the header's sequence, built, against
#                                           abi/tick-sequences.txt (check_section.sh)
#   toolchain_check.sh header ARCH TOOL STD the header compiles cleanly (-Werror)
#   toolchain_check.sh note ARCH TOOL       the manifest note (manifest_note.sh)
#
# ARCH: x86_64, i386, aarch64.  TOOL: gnu (GNU as, gcc, the aarch64 cross
# gcc) or clang (--target=ARCH-linux-gnu); for seq also clang14_O0_relax_all
# (clang <= 18 relaxes every branch at -O0) and gnu_32B_boundaries
# (-mbranches-within-32B-boundaries pads before jumps): the header spells
# the x86 jumps as bytes, so RR_SOFTTICK() keeps the exact sequence.
# FORM (seq):
#   string    the RR_SOFTTICKS_<ARCH>_TICK_ASM string in a .s file (exact)
#   macro     the RR_SOFTTICK assembler macro in a .S file (exact)
#   c         the native string as top-level asm in C (exact)
#   c_function  RR_SOFTTICK() in a function (contained)
#   llvm_ir   the string as LLVM IR inline asm ('$' doubled) with the
#             header's constraint string, compiled by clang (contained)
# and x86 in Intel-syntax output (-masm=intel, issue 26):
#   string_intel      the RR_SOFTTICKS_<ARCH>_TICK_ASM_INTEL string after
#                     ".intel_syntax noprefix" (exact)
#   string_switch     the AT&T string between RR_SOFTTICKS_X86_TO_ATT_SYNTAX
#                     and _BACK_TO_INTEL_SYNTAX after ".intel_syntax
#                     noprefix", then Intel-only code (exact)
#   c_function_intel  RR_SOFTTICK() in a function, -masm=intel (contained)
#   llvm_ir_switch    the switches around the AT&T string as LLVM IR inline
#                     asm, then Intel-only code, clang -masm=intel (contained)
#   llvm_ir_switch_gnu_as  the same through GNU as (-fno-integrated-as),
#                     which reads the text as written (contained)
# The environment (tests/abi/CMakeLists.txt): ST_WORK, ST_DATA, ST_INCLUDE,
# ST_ELF_SECTION, ST_EMIT_TICK_ASM, ST_MANIFEST_TOOL, ST_CAPNP, ST_SCHEMA,
# ST_READELF and the tools, each empty when missing: ST_GCC, ST_GXX,
# ST_HAVE_M32 (ON/OFF), ST_AARCH64_GCC, ST_LLVM_CONFIG (the build's LLVM).
# Found here unless set: ST_GNU_AS (as), ST_AARCH64_AS
# (aarch64-linux-gnu-as), ST_CLANG14 (clang-14), ST_CLANG (the clang of
# ST_LLVM_CONFIG, else clang-19 or clang).  By hand, from the build tree
# (toolchain.env: this build's environment for it):
#   env $(cat tests/abi/toolchain.env) ST_WORK=/tmp/w bash ../tests/abi/toolchain_check.sh seq i386 clang c
set -euo pipefail
: "${ST_GNU_AS=$(command -v as || true)}" "${ST_AARCH64_AS=$(command -v aarch64-linux-gnu-as || true)}"
: "${ST_CLANG14=$(command -v clang-14 || true)}"
if [ -z "${ST_CLANG+set}" ]; then
  ST_CLANG=
  if [ -n "${ST_LLVM_CONFIG:-}" ]; then
    ST_CLANG=$("$ST_LLVM_CONFIG" --bindir 2>/dev/null || true)/clang
    [ -e "$ST_CLANG" ] || ST_CLANG=
  fi
  [ -n "$ST_CLANG" ] || ST_CLANG=$(command -v clang-19 || command -v clang || true)
fi
here=$(cd "$(dirname "$0")" && pwd)
check=$1 arch=$2 tool=$3 what=${4:-}
: "${ST_WORK:?}"
mkdir -p "$ST_WORK"
w=$ST_WORK/$arch.$tool

skip() {
  echo "SKIP: $*"
  exit 77
}
mflag=-m64 # g++ on x86
[ "$arch" = i386 ] && mflag=-m32
target=--target=$arch-linux-gnu

# Whether clang can compile (not only parse) C for ARCH: it needs that
# target's C headers (the cross sysroot, the i386 multilib).
clang_compiles() {
  printf '#include <stdint.h>\nint x;\n' >"$w.probe.c"
  "$ST_CLANG" "$target" -c "$w.probe.c" -o "$w.probe.o" 2>/dev/null
}

# assemble / compile / compile_cxx / compile_ir: the command, in the array
# cmd, for the TOOL and ARCH; skip when this machine has none.
assemble() {
  case $tool/$arch in
    gnu/x86_64) [ -n "$ST_GNU_AS" ] && cmd=("$ST_GNU_AS" --64) ;;
    gnu/i386) [ -n "$ST_GNU_AS" ] && cmd=("$ST_GNU_AS" --32) ;;
    gnu/aarch64) [ -n "$ST_AARCH64_AS" ] && cmd=("$ST_AARCH64_AS") ;;
    clang/*) [ -n "$ST_CLANG" ] && cmd=("$ST_CLANG" "$target" -c) ;;
  esac
  [ ${#cmd[@]} -gt 0 ] || skip "no $tool assembler for $arch"
}
compile() {
  case $tool/$arch in
    gnu/x86_64 | gnu_32B_boundaries/x86_64) [ -n "$ST_GCC" ] && cmd=("$ST_GCC" -m64) ;;
    gnu/i386 | gnu_32B_boundaries/i386) [ -n "$ST_GCC" ] && [ "$ST_HAVE_M32" = ON ] && cmd=("$ST_GCC" -m32) ;;
    gnu/aarch64) [ -n "$ST_AARCH64_GCC" ] && cmd=("$ST_AARCH64_GCC") ;;
    clang/*) [ -n "$ST_CLANG" ] && clang_compiles && cmd=("$ST_CLANG" "$target") ;;
    clang14_O0_relax_all/x86_64) [ -n "$ST_CLANG14" ] && cmd=("$ST_CLANG14" -m64) ;;
    clang14_O0_relax_all/i386) [ -n "$ST_CLANG14" ] && [ "$ST_HAVE_M32" = ON ] && cmd=("$ST_CLANG14" -m32) ;;
  esac
  [ ${#cmd[@]} -gt 0 ] || skip "no $tool C compiler for $arch (or its C headers)"
}
compile_cxx() {
  case $tool/$arch in
    gnu/x86_64 | gnu/i386) [ -n "$ST_GXX" ] && cmd=("$ST_GXX" "$mflag") ;;
    gnu/aarch64)
      local gxx
      gxx=$(sed -E 's/gcc(-[0-9]+)?$/g++\1/' <<<"$ST_AARCH64_GCC")
      [ -n "$ST_AARCH64_GCC" ] && [ -x "$gxx" ] && cmd=("$gxx") ;;
    clang/*) [ -n "$ST_CLANG" ] && cmd=("$ST_CLANG" "$target") ;;
  esac
  [ ${#cmd[@]} -gt 0 ] || skip "no $tool C++ compiler for $arch"
}

section() { # OBJECT SECTION MODE -- BUILD...
  exec bash "$here/check_section.sh" "$ST_ELF_SECTION" "$ST_DATA" "$arch" "$@"
}

cmd=()
case $check/$what in
  seq/string)
    assemble
    "$ST_EMIT_TICK_ASM" "$arch" >"$w.string.s"
    section "$w.string.o" .text exact -- "${cmd[@]}" "$w.string.s" -o "$w.string.o" ;;
  seq/llvm_ir)
    if [ "$tool" != clang ] || [ -z "$ST_CLANG" ]; then skip "no clang"; fi
    "$ST_EMIT_TICK_ASM" --llvm-ir "$arch" >"$w.ll"
    section "$w.ir.o" .text.softticks_test_fn contains -- \
      "$ST_CLANG" "$target" -Wno-override-module -O2 -x ir -c "$w.ll" -o "$w.ir.o" ;;
  seq/string_intel | seq/string_switch)
    assemble
    "$ST_EMIT_TICK_ASM" "--${what#string_}" "$arch" >"$w.$what.s"
    section "$w.$what.o" .text exact -- "${cmd[@]}" "$w.$what.s" -o "$w.$what.o" ;;
  seq/llvm_ir_switch | seq/llvm_ir_switch_gnu_as)
    if [ "$tool" != clang ] || [ -z "$ST_CLANG" ]; then skip "no clang"; fi
    extra=()
    [ "$what" = llvm_ir_switch_gnu_as ] && extra=(-fno-integrated-as)
    "$ST_EMIT_TICK_ASM" --llvm-ir-switch "$arch" >"$w.switch.ll"
    section "$w.$what.o" .text.softticks_test_fn contains -- \
      "$ST_CLANG" "$target" -masm=intel "${extra[@]}" -Wno-override-module -O2 -x ir -c \
      "$w.switch.ll" -o "$w.$what.o" ;;
  seq/macro)
    compile
    section "$w.macro.o" .text exact -- \
      "${cmd[@]}" -I"$ST_INCLUDE" -c "$here/tick_macro.S" -o "$w.macro.o" ;;
  seq/c)
    compile
    section "$w.c.o" .text.softticks_test_tick exact -- \
      "${cmd[@]}" -O2 -I"$ST_INCLUDE" -c "$here/tick_in_c.c" -o "$w.c.o" ;;
  seq/c_function | seq/c_function_intel)
    compile
    [ "$what" = c_function_intel ] && cmd+=(-masm=intel -DFUNCTION_ONLY)
    opt=(-O2)
    [ "$tool" = clang14_O0_relax_all ] && opt=(-O0)
    # shellcheck disable=SC2054 # one -Wa, option
    [ "$tool" = gnu_32B_boundaries ] && opt=(-O2 -Wa,-mbranches-within-32B-boundaries)
    section "$w.$what.o" .text.softticks_test_fn contains -- \
      "${cmd[@]}" "${opt[@]}" -I"$ST_INCLUDE" -c "$here/tick_in_c.c" -o "$w.$what.o" ;;
  header/c99 | header/c11)
    if [ "$tool" = clang ]; then
      [ -n "$ST_CLANG" ] || skip "no clang"
      # Without the target's C headers clang can still parse the header.
      cmd=("$ST_CLANG" "$target") mode=-c
      clang_compiles || mode=-fsyntax-only
    else
      compile
      mode=-c
    fi
    "${cmd[@]}" -std="$what" -Wall -Wextra -pedantic -Werror -I"$ST_INCLUDE" "$mode" \
      "$here/header_everything.c" -o "$w.header.$what.o" ;;
  header/c++*)
    compile_cxx
    mode=-c
    [ "$tool" = clang ] && ! clang_compiles && mode=-fsyntax-only
    "${cmd[@]}" -x c++ -std="$what" -Wall -Wextra -pedantic -Werror -I"$ST_INCLUDE" "$mode" \
      "$here/header_everything.c" -o "$w.header.$what.o" ;;
  note/)
    assemble
    exec bash "$here/manifest_note.sh" "$ST_ELF_SECTION" "$ST_MANIFEST_TOOL" "$ST_CAPNP" \
      "$ST_SCHEMA" "$ST_READELF" "$arch" "$w.note" -- "${cmd[@]}" ;;
  *)
    echo "usage: toolchain_check.sh seq|header|note ARCH TOOL [FORM|STD]" >&2
    exit 2 ;;
esac
