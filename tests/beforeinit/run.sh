#!/usr/bin/env bash
# Code that runs before a module's initializer, built by one compiler for
# one arch at one -O level (usage: run.sh ARCH LEVEL; ARCH x86_64, i386 or
# aarch64, LEVEL -O0 or -O2):
#   1. early.c: tick counts per function in the assembly (the skip policy);
#   2. every program runs with no tracer and prints what it should;
#   3. under softticks-trace (x86): `count` exits as the program does with
#      the same output and some ticks, `check` finds no repeat.
# The compiler: ST_TOOLCHAIN (tests/support/toolchains.cmake), with
# ST_ASM_TICKS and ST_TRACE (optional); ST_WORK a scratch directory.
here=$(cd "$(dirname "$0")" && pwd)
ST_TESTS=$here
ST_CORPUS=$(dirname "$here")/corpus
source "$here/../support/scratch.sh"
ST_ARCH=$1 level=$2
# How this compiler builds for this arch, and runs what it built: clang
# -m32's default PIE code cannot call an ifunc (GNU ld); aarch64 programs
# run under qemu, GCC's dynamic (the loader and libraries from the cross
# sysroot), clang's static.
arch_flags=() runner=()
case $ST_KIND:$ST_ARCH in
  gcc:aarch64) ST_CC=$ST_AARCH64_GCC ST_CXX=$ST_AARCH64_GXX plugin=(-fplugin="$ST_AARCH64_PLUGIN")
    runner=("$ST_QEMU" -L /usr/aarch64-linux-gnu) ;;
  gcc:*) ST_CC=$ST_GCC ST_CXX=$ST_GXX plugin=(-fplugin="$ST_PLUGIN") ;;
  clang:*) ST_CC=$ST_BINDIR/clang ST_CXX=$ST_BINDIR/clang++ plugin=(--config "$ST_CFG") ;;
esac
case $ST_KIND:$ST_ARCH in
  *:x86_64) ;;
  gcc:i386) arch_flags=(-m32) ;;
  clang:i386) arch_flags=(-m32 -fPIC) ;;
  clang:aarch64) arch_flags=(--target=aarch64-linux-gnu -static) runner=("$ST_QEMU") ;;
  gcc:aarch64) ;;
  *) fail "unknown arch $ST_ARCH" ;;
esac
# i386 programs run natively or under qemu-i386 (../support/i386.sh).
if [ "$ST_ARCH" = i386 ] && [ -n "$(st_i386_runner)" ]; then runner=("$(st_i386_runner)"); fi
# GCC checks its IL and call graph after each pass (the plugin adds calls).
[ "$ST_KIND" = gcc ] && plugin+=(-fchecking=2)
cc() { "$ST_CC" "${plugin[@]}" "${arch_flags[@]}" "$level" -I"$ST_CORPUS" "$@"; }
cxx() { "$ST_CXX" "${plugin[@]}" "${arch_flags[@]}" "$level" -I"$ST_CORPUS" "$@"; }
plain_cxx() { "$ST_CXX" "${arch_flags[@]}" "$level" "$@"; }

# 1. The policy's decisions, as ticks per function.
asm_flags=()
[ "$ST_KIND" = clang ] && asm_flags=(-fno-integrated-as)
naked=(naked_fn=0)
[ "$ST_KIND:$ST_ARCH" = gcc:aarch64 ] && naked=() # GCC 12 has no naked there
cc "${asm_flags[@]}" -S "$ST_TESTS/early.c" -o early.s || fail "early.c: -S"
# clang writes a comment after some labels; asm_ticks wants the bare label.
sed -E -i 's,^([^[:space:]]+:)[[:space:]]+(#|//).*$,\1,' early.s
"$ST_ASM_TICKS" "$ST_ARCH" early.s preinit_entry=0 ctor0=0 ctor1=0 init_array_by_hand=0 resolver=0 \
  only_early_helper=0 recursive_helper=0 no_sanitize=0 own_section=0 "${naked[@]}" \
  ctor101=2 dtor0=2 impl=2 shared_helper=2 local_shared_helper=2 ||
  fail "early.c: ticks per function ($ST_ARCH $level)"

# 2. Build and run with no tracer.
cc "$ST_TESTS/early.c" "$ST_TESTS/early_other.c" -o early || fail "early: build"
cxx "$ST_TESTS/malloc_cxx.cc" -o malloc_cxx || fail "malloc_cxx: build"
cc "$ST_TESTS/malloc_c.c" -Wl,--no-as-needed -lstdc++ -o malloc_c || fail "malloc_c: build"
programs=(early malloc_cxx malloc_c)
declare -A want=(
  [early]=$'preinit 1 ctor0 1 ctor1 1 ctor101 1 by_hand 1 resolver 1 via_ifunc 3\nonly_early 1 recursive 1 shared 1 local_shared 1'
  [malloc_cxx]="3 word2 1"
  [malloc_c]="bump 1")
# A static program takes no LD_PRELOAD: the shared-library case needs a
# dynamic one.
if [[ " ${arch_flags[*]} " != *" -static "* ]]; then
  cc -fPIC -shared "$ST_TESTS/malloc_lib.c" -o libbump.so || fail "malloc_lib: build"
  plain_cxx "$ST_TESTS/plain_cxx.cc" -o plain_cxx || fail "plain_cxx: build"
fi
for p in "${programs[@]}"; do
  out=$("${runner[@]}" "./$p" 2>&1) || fail "$p exited $? with no tracer ($ST_ARCH $level): $out"
  [ "$out" = "${want[$p]}" ] || fail "$p printed '$out', want '${want[$p]}'"
  echo "ok: $p runs"
done
# The early mapping with each linker and link mode (x86: the aarch64 builds
# are dynamic GCC or static clang already).
if [ "$ST_ARCH" != aarch64 ]; then
  variants=(-static)
  command -v ld.gold >/dev/null && variants+=(-fuse-ld=gold)
  command -v ld.lld >/dev/null && variants+=(-fuse-ld=lld)
  for v in "${variants[@]}"; do
    cc "$v" "$ST_TESTS/early.c" "$ST_TESTS/early_other.c" -o "early$v" || fail "early $v: build"
    cxx "$v" "$ST_TESTS/malloc_cxx.cc" -o "malloc_cxx$v" || fail "malloc_cxx $v: build"
    for p in early malloc_cxx; do
      out=$("${runner[@]}" "./$p$v" 2>&1) || fail "$p $v exited $? with no tracer: $out"
      [ "$out" = "${want[$p]}" ] || fail "$p $v printed '$out'"
      echo "ok: $p $v runs"
    done
  done
fi
if [ -e libbump.so ]; then
  preload=(env LD_PRELOAD="$PWD/libbump.so")
  [ "${#runner[@]}" -gt 0 ] && preload=(env QEMU_SET_ENV=LD_PRELOAD="$PWD/libbump.so") # qemu's guest
  out=$("${preload[@]}" "${runner[@]}" ./plain_cxx 2>&1) ||
    fail "plain_cxx with libbump.so preloaded exited $? ($ST_ARCH $level): $out"
  [ "$out" = plain42 ] || fail "plain_cxx with libbump.so printed '$out'"
  echo "ok: a preloaded instrumented malloc runs"
fi

# 3. Under the reference tracer (x86 only).
if [ -z "${ST_TRACE:-}" ] || [ "$ST_ARCH" = aarch64 ] ||
  st_i386_skips "$ST_ARCH" ptrace "3. under the reference tracer"; then
  echo "no tracer runs for $ST_ARCH"
  exit 0
fi
json_int() { grep -o "\"$1\": *-\{0,1\}[0-9]*" | sed -n 1p | sed 's/.*: *//'; }
for p in "${programs[@]}"; do
  "$ST_TRACE" count --json -o "$p.count.json" -- "./$p" >"$p.out" 2>"$p.err" ||
    fail "$p: softticks-trace count failed: $(cat "$p.err")"
  [ "$(cat "$p.out")" = "${want[$p]}" ] || fail "$p under the tracer printed '$(cat "$p.out")'"
  status=$(json_int exit_status <"$p.count.json")
  ticks=$(json_int ticks <"$p.count.json")
  if [ "$status" != 0 ] || [ "${ticks:-0}" -le 0 ]; then
    fail "$p under the tracer: $(cat "$p.count.json")"
  fi
  "$ST_TRACE" check --json -o "$p.check.json" -- "./$p" >/dev/null 2>"$p.err" ||
    fail "$p: softticks-trace check failed: $(cat "$p.err") $(head -c 1000 "$p.check.json")"
  grep -q '"violations": *\[\]' "$p.check.json" || fail "$p: $(head -c 1000 "$p.check.json")"
  echo "ok: $p under the tracer: $ticks ticks, no repeat"
done
