#!/usr/bin/env bash
# One initializer, one ABI note and one manifest per linked module (a
# program and a shared library of several units each, C and C++), none in
# a unit without ticks; with and without LTO.
# Usage: module_parts.sh [--regular "UNIT..."] [EXTRA FLAGS...]
# (clang with -flto=thin or -flto=full: built with softticks-lto.cfg, whose
# link runs lld with the plugin.)  --regular: with LTO, these units are
# compiled without it (and, for clang, with softticks.cfg): an LTO link that
# also takes instrumented ordinary objects, as with a static library.
source "$(dirname "$0")/lib.sh"
src=$ST_TESTS/module
regular=
if [ "${1:-}" = --regular ]; then regular=" $2 "; shift 2; fi
flags=(-O2 -fPIC "$@")
regular_flags=()
for f in "${flags[@]}"; do [[ $f == -flto* ]] || regular_flags+=("$f"); done
regular_cfg=${ST_CFG:-}
lto=no
if [[ " $* " == *" -flto"* ]]; then
  lto=yes
  if [ "$ST_KIND" = clang ]; then ST_CFG=${ST_LTO_CFG:?no softticks-lto.cfg for this LLVM}; fi
fi
# Compiles unit $2 of language $1 (c, c++) to $2.o.
compile() {
  local driver=st_cc; [ "$1" = c++ ] && driver=st_cxx
  local file=$src/$2.c; [ "$1" = c++ ] && file=$src/$2.cc
  if [[ $regular == *" $2 "* ]]; then
    ST_CFG=$regular_cfg $driver x86_64 "${regular_flags[@]}" -c "$file" -o "$2.o"
  else
    $driver x86_64 "${flags[@]}" -c "$file" -o "$2.o"
  fi
}

note_sections() { readelf -S --wide "$1" | grep -E '\] \.note\.rrsoftticks ' | sed 's/.*\]//' | awk '{print $5}'; }
init_symbols() { readelf -s --wide "$1" | awk '$8 == "__rr_softticks_init"' | wc -l; }

check_module() {
  local f=$1
  [ "$(note_sections "$f")" = 000014 ] ||
    fail "$f: .note.rrsoftticks is not one section of 20 bytes: $(note_sections "$f" | tr '\n' ' ')"
  [ "$(init_symbols "$f")" = 1 ] || fail "$f: $(init_symbols "$f") __rr_softticks_init symbols"
  readelf -n "$f" | grep -A2 '\.note\.rrsoftticks' | grep 'rr  *0x00000004' >/dev/null || fail "$f: bad note"
  if readelf --dyn-syms --wide "$f" | grep __rr_softticks_init >/dev/null; then fail "$f: initializer exported"; fi
  [ "$(readelf -S --wide "$f" | grep -c '\] \.note\.softticks\.manifest ')" = 1 ] ||
    fail "$f: not one manifest note section"
  [ "$("$ST_BIN_TICKS" x86_64 "$f")" -gt 0 ] || fail "$f: no ticks"
}

for u in util data lib1 lib2 main; do compile c $u; done
compile c++ cxx

if [ $lto = no ]; then
  # Objects: only units with ticks carry the parts.
  for o in util main cxx lib1 lib2; do [ "$(note_sections $o.o)" = 000014 ] || fail "$o.o: no note"; done
  [ -z "$(note_sections data.o)" ] || fail "data.o (no ticks) has a note"
  [ "$(init_symbols data.o)" = 0 ] || fail "data.o (no ticks) has an initializer"
elif [ "$ST_KIND" = clang ]; then
  # Pre-link objects are bitcode, not yet instrumented.
  for o in util main lib1; do
    [[ $regular == *" $o "* ]] && continue
    [ "$(head -c 4 $o.o | od -An -tx1 | tr -d ' ')" = 4243c0de ] || fail "$o.o is not bitcode"
  done
fi

st_cc x86_64 "${flags[@]}" -shared lib1.o lib2.o -o libtwo.so
SOFTTICKS_STATS=1 st_cxx x86_64 "${flags[@]}" main.o util.o data.o cxx.o -L. -ltwo -Wl,-rpath,"$PWD" \
  -o prog 2> link.err || fail "link: $(cat link.err)"
if [ $lto = yes ] && [ "$ST_KIND" = clang ]; then
  # The link instruments: statistics from the link-time pass (SOFTTICKS_STATS
  # reaches the plugin inside lld, where -mllvm options cannot).
  grep -q '^softticks: .* ticks in [0-9]* functions$' link.err ||
    fail "no statistics from the LTO link: $(cat link.err)"
fi
check_module libtwo.so
check_module prog
out=$(./prog) || fail "prog exits $?"
[ "$out" = "45 120 120 16 14 3" ] || fail "prog printed $out"
if [ -n "$regular" ]; then
  # The other order: the program's ordinary objects first, from a static
  # archive, then its LTO objects.
  rm -f libreg.a
  others=()
  for u in main util data cxx; do
    if [[ $regular == *" $u "* ]]; then ar rcs libreg.a $u.o; else others+=($u.o); fi
  done
  st_cxx x86_64 "${flags[@]}" -Wl,--whole-archive libreg.a -Wl,--no-whole-archive "${others[@]}" \
    -L. -ltwo -Wl,-rpath,"$PWD" -o prog_archive 2> link.err || fail "archive link: $(cat link.err)"
  check_module prog_archive
  [ "$(./prog_archive)" = "$out" ] || fail "prog_archive printed $(./prog_archive)"
fi
echo "ok: $*"
