#!/usr/bin/env bash
# -ffat-lto-objects (clang >= 18): the native code is instrumented, the
# embedded bitcode (.llvm.lto) is not -- it carries the LTO claim and is
# instrumented when an LTO link uses it.
source "$(dirname "$0")/../lib.sh"
src=$ST_TESTS/module
for u in util lib1 lib2 main; do
  st_cc x86_64 -O2 -flto=thin -ffat-lto-objects -c "$src/$u.c" -o $u.o || fail "$u.c"
done
st_cxx x86_64 -O2 -flto=thin -ffat-lto-objects -c "$src/cxx.cc" -o cxx.o || fail "cxx.cc"
st_cc x86_64 -O2 -c "$src/data.c" -o data.o

[ "$("$ST_BIN_TICKS" x86_64 util.o)" -gt 0 ] || fail "fat object: no ticks in the native code"
readelf -S --wide util.o | grep '\.note\.rrsoftticks' >/dev/null || fail "fat object: no note"
"$ST_BINDIR/llvm-objcopy" --dump-section=.llvm.lto=util.bc util.o /dev/null || fail "no .llvm.lto section"
"$ST_BINDIR/llvm-dis" util.bc -o util.ll || fail "embedded bitcode does not disassemble"
# (The claim's body is an empty asm statement; a tick is not empty.)
if grep -q 'asm sideeffect "[^"]' util.ll; then fail "the embedded bitcode is instrumented"; fi
if grep -q 'softticks.instrumented' util.ll; then fail "the embedded bitcode is marked instrumented"; fi
grep -q 'define linkonce_odr hidden void @__rr_softticks_init() #[0-9]* {' util.ll ||
  fail "no LTO claim in the embedded bitcode"

# Linked as ordinary objects: their native code.
st_cxx x86_64 -O2 main.o util.o data.o cxx.o lib1.o lib2.o -o prog_native || fail "native link"
# Linked with LTO: their bitcode, instrumented by the link.
st_cxx x86_64 -O2 -flto=thin -fuse-ld=lld "-Wl,--load-pass-plugin=$ST_PLUGIN" \
  main.o util.o data.o cxx.o lib1.o lib2.o -o prog_lto || fail "LTO link"
for p in prog_native prog_lto; do
  [ "$(./$p)" = "45 120 120 16 14 3" ] || fail "$p printed $(./$p)"
  [ "$("$ST_BIN_TICKS" x86_64 $p)" -gt 0 ] || fail "$p: no ticks"
  [ "$(readelf -S --wide $p | grep -c '\] \.note\.rrsoftticks ')" = 1 ] || fail "$p: not one note section"
  [ "$(readelf -s --wide $p | awk '$8 == "__rr_softticks_init"' | wc -l)" = 1 ] || fail "$p: not one initializer"
done
echo ok
