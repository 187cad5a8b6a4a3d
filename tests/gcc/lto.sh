#!/usr/bin/env bash
# With -flto the pass runs at link time (the link needs -fplugin= too), and
# a fat LTO object never gets instrumented twice: the ticks in the final
# program are exactly the hand-counted ones of loops.c at -O2.
source "$(dirname "$0")/lib.sh"
expected=$(table_rows "$ST_TESTS/static_ticks_O2.txt" | awk '$1 == "loops.c" {s += $3} END {print s}')
expectations=$(table_rows "$ST_TESTS/static_ticks_O2.txt" | awk '$1 == "loops.c" {printf "%s=%s ", $2, $3}')
[ "$expected" = 11 ] || fail "unexpected table total $expected"

ticks() { "$ST_BIN_TICKS" x86_64 "$1"; }

# Slim LTO objects: nothing is instrumented before the link.
st_cc -O2 -flto -c "$ST_CORPUS/loops.c" -o slim.o
[ "$(ticks slim.o)" = 0 ] || fail "a slim LTO object has ticks"
mkdir slim && (cd slim && st_cc -O2 -flto=auto -save-temps -fplugin-arg-softticks-stats ../slim.o -o prog 2> ../slim.stats)
cat slim.stats
[ "$(ticks slim/prog)" = "$expected" ] || fail "slim LTO program has $(ticks slim/prog) ticks"
ltrans_asm=$(ls slim/*ltrans*.s)
# shellcheck disable=SC2086
"$ST_ASM_TICKS" x86_64 $ltrans_asm $expectations || fail "link-time per-function counts"
[ "$(cat $ltrans_asm | grep -c '^__rr_softticks_init:')" = 1 ] || fail "initializer emitted more than once"
[ "$(slim/prog)" = "14 10 52 21 22" ] || fail "slim LTO program output"

# Without the plugin at link time nothing is instrumented (documented).
"$ST_GCC" -O2 -flto=auto slim.o -o noplugin
[ "$(ticks noplugin)" = 0 ] || fail "ticks without the plugin at link time"

# Fat objects: instrumented code for a non-LTO link, and once more at link
# time from the bytecode, never both in one program.
st_cc -O2 -flto -ffat-lto-objects -c "$ST_CORPUS/loops.c" -o fat.o
[ "$(ticks fat.o)" = "$expected" ] || fail "the fat object's code has $(ticks fat.o) ticks"
st_cc -O2 -flto=auto fat.o -o fat_lto
[ "$(ticks fat_lto)" = "$expected" ] || fail "fat LTO link: $(ticks fat_lto) ticks"
st_cc -O2 -fno-lto fat.o -o fat_nolto
[ "$(ticks fat_nolto)" = "$expected" ] || fail "fat non-LTO link: $(ticks fat_nolto) ticks"
[ "$(./fat_lto)" = "14 10 52 21 22" ] && [ "$(./fat_nolto)" = "14 10 52 21 22" ] || fail "fat output"
