#!/usr/bin/env bash
# Hand-instrumented units built with the plugin loaded (abi/ABI.md section
# 8, "A unit with its own initializer"), with one instrumenting compiler for
# ARCH.  Each program defines __rr_softticks_init itself and ticks by hand:
#   hand_macro   RR_SOFTTICKS_INIT_ASM, the header's file-scope asm;
#   hand_raw     the group written out by hand in another header's form
#                (programs/raw_init.h), not the project's text;
#   hand_c_init  the initializer as a C function (single unit).
# Each, at -O0 and -O2, must build, carry one initializer, one .init_array entry and one ABI
# note, the plugin's ticks besides the hand ones (more tick sites than the
# same program built without the plugin), none in the initializer, print
# what the plain build prints, and count the same ticks in two runs under
# softticks-trace.  Linked with an ordinary unit (both orders), a
# hand-instrumented unit's group and the plugin's copy leave one of each
# (and with GCC's -flto).
# The header's group, built without the plugin, links to the plugin's
# initializer and note byte for byte.
# Usage: run.sh ARCH (x86_64 or i386: raw_init.h and hand_c_init.c are x86)
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../support/scratch.sh
source "$here/../support/scratch.sh"
arch=$1
: "${ST_KIND:?}" "${ST_PLUGIN:?}" "${ST_INCLUDE:?}" "${ST_INSPECT:?}"
src=$here/programs

case $ST_KIND in
  gcc) cc=("${ST_GCC:?}" "-fplugin=$ST_PLUGIN") plain=("$ST_GCC") ;;
  clang) cc=("${ST_BINDIR:?}/clang" --config "${ST_CFG:?}") plain=("$ST_BINDIR/clang") ;;
  *) fail "unknown ST_KIND $ST_KIND" ;;
esac
flags=("-I$ST_INCLUDE" "-I$src")
[ "$arch" = i386 ] && flags+=(-m32)

# run NAME: runs ./NAME (i386: natively or under qemu-i386, ../support/i386.sh).
run() { st_arch_run "$arch" "./$1"; }

# facts NAME: module_facts.py's lines for ./NAME, in NAME.facts.
facts() {
  python3 "$here/module_facts.py" "$ST_INSPECT" "$1" > "$1.facts" 2> /dev/null ||
    fail "$1: softticks-inspect or module_facts.py failed"
}
fact() { sed -n "s/^$2=//p" "$1.facts"; }

# one_of_each NAME: one initializer, one .init_array entry, one ABI note.
one_of_each() {
  facts "$1"
  [ "$(fact "$1" verdict)" = instrumented ] || fail "$1: $(cat "$1.facts")"
  for key in init_definitions init_array_entries abi_notes; do
    [ "$(fact "$1" $key)" = 1 ] || fail "$1: $key is $(fact "$1" $key), 1 expected"
  done
  [ "$(fact "$1" init_ticks)" = 0 ] || fail "$1: $(fact "$1" init_ticks) tick sites in the initializer"
}

# counted NAME: two runs under the tracer count the same ticks, some (i386:
# where the kernel runs i386 programs, said once otherwise).
trace=${ST_TRACE:-}
if [ -n "$trace" ] && st_i386_skips "$arch" ptrace "the counts under softticks-trace"; then trace=; fi
counted() {
  [ -n "$trace" ] || return 0
  local a b
  a=$("$ST_TRACE" count --json -- "./$1" 2> "$1.trace.err" | grep -o '"ticks": *[0-9]*' | grep -o '[0-9]*$') ||
    fail "$1: softticks-trace count failed: $(cat "$1.trace.err")"
  b=$("$ST_TRACE" count --json -- "./$1" 2> "$1.trace.err" | grep -o '"ticks": *[0-9]*' | grep -o '[0-9]*$') ||
    fail "$1: softticks-trace count failed: $(cat "$1.trace.err")"
  [ "${a:-0}" -gt 1000 ] || fail "$1: only ${a:-no} ticks under the tracer"
  [ "$a" = "$b" ] || fail "$1: $a ticks, then $b"
  echo "  $1: $a ticks in both runs"
}

"${plain[@]}" "${flags[@]}" -O2 "$src/plain_unit.c" "$src/plain_main.c" -o uninstrumented ||
  fail "the uninstrumented build"
expected=$(run uninstrumented)

for level in -O0 -O2; do
  for prog in hand_macro hand_raw hand_c_init; do
    name=$prog$level
    "${cc[@]}" "${flags[@]}" $level "$src/$prog.c" -o "$name" > "$name.build.log" 2>&1 ||
      fail "$name does not build with the plugin: $(cat "$name.build.log")"
    # The same hand ticks and initializer without the plugin.
    "${plain[@]}" "${flags[@]}" $level -D__RR_SOFTTICKS__=1 "$src/$prog.c" -o "$name.plain" ||
      fail "$name.plain"
    [ "$(run "$name")" = "$expected" ] || fail "$name prints $(run "$name"), not $expected"
    [ "$(run "$name.plain")" = "$expected" ] || fail "$name.plain prints $(run "$name.plain")"
    one_of_each "$name"
    one_of_each "$name.plain"
    [ "$(fact "$name" tick_sites)" -gt "$(fact "$name.plain" tick_sites)" ] ||
      fail "$name: $(fact "$name" tick_sites) tick sites with the plugin, $(fact "$name.plain" tick_sites) by hand alone: no ticks of the plugin's"
    counted "$name"
    echo "ok: $name: $(fact "$name" tick_sites) tick sites ($(fact "$name.plain" tick_sites) by hand), one initializer and note"
  done
done

# A hand-instrumented unit linked with an ordinary one, in both orders.
for form in macro raw; do
  define=()
  [ $form = raw ] && define=(-DHAND_RAW)
  "${cc[@]}" "${flags[@]}" -O2 "${define[@]}" -c "$src/hand_main.c" -o hand_main_$form.o ||
    fail "hand_main.c ($form)"
  "${cc[@]}" "${flags[@]}" -O2 -c "$src/plain_unit.c" -o plain_unit.o || fail "plain_unit.c"
  "${cc[@]}" "${flags[@]}" hand_main_$form.o plain_unit.o -o mixed_${form}_first || fail "link"
  "${cc[@]}" "${flags[@]}" plain_unit.o hand_main_$form.o -o mixed_${form}_last || fail "link"
  for name in mixed_${form}_first mixed_${form}_last; do
    [ "$(run "$name")" = "$expected" ] || fail "$name prints $(run "$name")"
    one_of_each "$name"
    counted "$name"
  done
  echo "ok: the $form group and the plugin's copy link to one of each, in either order"
done

# GCC instruments at link time with -flto: the unit's asm statements come
# back in an ltrans unit, where the plugin reads them again.
if [ "$ST_KIND" = gcc ]; then
  "${cc[@]}" "${flags[@]}" -O2 -flto -c "$src/hand_main.c" -o hand_main_lto.o || fail "hand_main.c -flto"
  "${cc[@]}" "${flags[@]}" -O2 -flto -c "$src/plain_unit.c" -o plain_unit_lto.o || fail "plain_unit.c -flto"
  "${cc[@]}" "${flags[@]}" -O2 -flto hand_main_lto.o plain_unit_lto.o -o mixed_lto || fail "link -flto"
  "${cc[@]}" "${flags[@]}" -O2 -flto "$src/hand_macro.c" -o hand_macro_lto || fail "hand_macro.c -flto"
  for name in mixed_lto hand_macro_lto; do
    [ "$(run "$name")" = "$expected" ] || fail "$name prints $(run "$name")"
    one_of_each "$name"
  done
  echo "ok: with -flto too"
fi

# The header's group, no plugin, against the plugin's own, linked.
"${cc[@]}" "${flags[@]}" -O2 "$src/plain_unit.c" "$src/plain_main.c" -o plugin_only || fail "plugin_only"
facts plugin_only
for key in init_bytes note_bytes; do
  [ -n "$(fact plugin_only $key)" ] || fail "plugin_only: no $key"
  [ "$(fact hand_macro-O2.plain $key)" = "$(fact plugin_only $key)" ] ||
    fail "$key: RR_SOFTTICKS_INIT_ASM gives $(fact hand_macro-O2.plain $key), the plugin $(fact plugin_only $key)"
done
echo "ok: RR_SOFTTICKS_INIT_ASM links to the plugin's initializer and note, byte for byte"
