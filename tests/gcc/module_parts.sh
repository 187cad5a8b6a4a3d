#!/usr/bin/env bash
# One initializer and one ABI note per linked module (program and shared
# library of several units each, C and C++), none in a unit without ticks;
# with and without LTO.  Usage: module_parts.sh [EXTRA FLAGS...]
source "$(dirname "$0")/lib.sh"
src=$ST_TESTS/module
flags=(-O2 -fPIC "$@")

# note_sections FILE: the sizes of its .note.rrsoftticks sections.
note_sections() { readelf -S --wide "$1" | grep -E '\] \.note\.rrsoftticks ' | sed 's/.*\]//' | awk '{print $5}'; }
init_symbols() { readelf -s --wide "$1" | awk '$8 == "__rr_softticks_init"' | wc -l; }

check_module() {
  local f=$1
  [ "$(note_sections "$f")" = 000014 ] || fail "$f: .note.rrsoftticks is not one section of 20 bytes: $(note_sections "$f" | tr '\n' ' ')"
  [ "$(init_symbols "$f")" = 1 ] || fail "$f: $(init_symbols "$f") __rr_softticks_init symbols"
  readelf -n "$f" | grep -A2 '\.note\.rrsoftticks' | grep -q 'rr  *0x00000004' || fail "$f: bad note"
  readelf --dyn-syms --wide "$f" | grep -q __rr_softticks_init && fail "$f: initializer exported" || true
  [ "$(readelf -S --wide "$f" | grep -c '\] \.note\.softticks\.manifest ')" = 1 ] ||
    fail "$f: not one manifest note"
}

for u in util data lib1 lib2; do st_cc "${flags[@]}" -c "$src/$u.c" -o $u.o; done
st_cc "${flags[@]}" -c "$src/main.c" -o main.o
st_cxx "${flags[@]}" -c "$src/cxx.cc" -o cxx.o

if [[ " $* " != *" -flto"* ]]; then
  # Objects: only units with ticks carry the parts.
  for o in util main cxx lib1 lib2; do [ "$(note_sections $o.o)" = 000014 ] || fail "$o.o: no note"; done
  [ -z "$(note_sections data.o)" ] || fail "data.o (no ticks) has a note"
  [ "$(init_symbols data.o)" = 0 ] || fail "data.o (no ticks) has an initializer"
fi

st_cc "${flags[@]}" -shared lib1.o lib2.o -o libtwo.so
st_cxx "${flags[@]}" main.o util.o data.o cxx.o -L. -ltwo -Wl,-rpath,"$PWD" -o prog
check_module libtwo.so
check_module prog
[ "$(./prog)" = "45 120 16 14 3" ] || fail "prog printed $(./prog)"
