#!/usr/bin/env bash
# With -flto the pass runs at link time (the link needs -fplugin= too; a
# link without it fails on the LTO link check), and a fat LTO object never
# gets instrumented twice: the ticks in the final
# program are exactly the hand-counted ones of loops.c at -O2.
source "$(dirname "$0")/../lib.sh"
expected=$(table_rows "$ST_TESTS/static_ticks_O2.txt" | awk '$1 == "loops.c" {s += $3} END {print s}')
expectations=$(table_rows "$ST_TESTS/static_ticks_O2.txt" | awk '$1 == "loops.c" {printf "%s=%s ", $2, $3}')
[ "$expected" = 11 ] || fail "unexpected table total $expected"

ticks() { "$ST_BIN_TICKS" x86_64 "$1"; }

# Slim LTO objects: nothing is instrumented before the link.
st_cc x86_64 -O2 -flto -c "$ST_CORPUS/loops.c" -o slim.o
[ "$(ticks slim.o)" = 0 ] || fail "a slim LTO object has ticks"
mkdir slim && (cd slim && st_cc x86_64 -O2 -flto=auto -save-temps -fplugin-arg-softticks-stats ../slim.o -o prog 2> ../slim.stats)
cat slim.stats
[ "$(ticks slim/prog)" = "$expected" ] || fail "slim LTO program has $(ticks slim/prog) ticks"
ltrans_asm=$(ls slim/*ltrans*.s)
# shellcheck disable=SC2086
"$ST_ASM_TICKS" x86_64 $ltrans_asm $expectations || fail "link-time per-function counts"
[ "$(cat $ltrans_asm | grep -c '^__rr_softticks_init:')" = 1 ] || fail "initializer emitted more than once"
[ "$(slim/prog)" = "14 10 52 21 22" ] || fail "slim LTO program output"

# Without the plugin at link time nothing would be instrumented: the link
# fails on the LTO link check's undefined symbol, which says why
# (common/lto_link_check.h), for slim and fat objects alike.
if "$ST_GCC" -O2 -flto=auto slim.o -o noplugin 2> noplugin.log; then
  fail "an LTO link without the plugin succeeded"
fi
cat noplugin.log
grep -q "undefined reference to .__rr_softticks_lto_link_needs_the_plugin" noplugin.log ||
  fail "the failed link does not name __rr_softticks_lto_link_needs_the_plugin"
# The check never reaches an object that is not LTO bytecode.
! nm slim.o | grep lto_link_needs >/dev/null || fail "the check is visible outside the bytecode"

# Fat objects: instrumented code for a non-LTO link, and once more at link
# time from the bytecode, never both in one program.
st_cc x86_64 -O2 -flto -ffat-lto-objects -c "$ST_CORPUS/loops.c" -o fat.o
[ "$(ticks fat.o)" = "$expected" ] || fail "the fat object's code has $(ticks fat.o) ticks"
st_cc x86_64 -O2 -flto=auto fat.o -o fat_lto
[ "$(ticks fat_lto)" = "$expected" ] || fail "fat LTO link: $(ticks fat_lto) ticks"
st_cc x86_64 -O2 -fno-lto fat.o -o fat_nolto
[ "$(ticks fat_nolto)" = "$expected" ] || fail "fat non-LTO link: $(ticks fat_nolto) ticks"
[ "$(./fat_lto)" = "14 10 52 21 22" ] && [ "$(./fat_nolto)" = "14 10 52 21 22" ] || fail "fat output"
if "$ST_GCC" -O2 -flto=auto fat.o -o fat_noplugin 2> fat_noplugin.log; then
  fail "an LTO link of a fat object without the plugin succeeded"
fi
grep -q "__rr_softticks_lto_link_needs_the_plugin" fat_noplugin.log ||
  fail "the failed fat link does not name the check symbol"
! nm fat_nolto | grep lto_link_needs >/dev/null || fail "the fat object's own code carries the check"
# One partition (no WPA): the link-time compile removes the check too.
st_cc x86_64 -O2 -flto -flto-partition=none slim.o -o one_partition || fail "-flto-partition=none link"
[ "$(ticks one_partition)" = "$expected" ] || fail "-flto-partition=none: $(ticks one_partition) ticks"
