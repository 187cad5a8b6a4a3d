#!/usr/bin/env bash
# The skip rules end to end (clang + config file, -O0 and -O2): per-function
# ticks in the assembly of skip.c.  no_instrument_function only
# counts where clang leaves a trace of it (-finstrument-functions, -pg).
source "$(dirname "$0")/../lib.sh"
check() {
  local asm=$1
  shift
  sed -E -i 's,^([^[:space:]]+:)[[:space:]]+(#|//).*$,\1,' "$asm"
  "$ST_ASM_TICKS" x86_64 "$asm" "$@" || fail "$asm"
}
for opt in -O0 -O2; do
  st_cc x86_64 "$opt" -I"$ST_CORPUS" -fno-integrated-as -S "$ST_TESTS/clang/skip.c" -o skip$opt.s
  check skip$opt.s plain=2 no_instrument=2 no_sanitize=0 own_section=0 naked=0 main=1
  st_cc x86_64 "$opt" -I"$ST_CORPUS" -finstrument-functions -fno-integrated-as -S "$ST_TESTS/clang/skip.c" \
    -o skip-if$opt.s
  check skip-if$opt.s plain=2 no_instrument=0 no_sanitize=0 own_section=0 naked=0 main=1
  st_cc x86_64 "$opt" -I"$ST_CORPUS" -pg -fno-integrated-as -S "$ST_TESTS/clang/skip.c" -o skip-pg$opt.s
  check skip-pg$opt.s plain=2 no_instrument=0 no_sanitize=0 own_section=0 naked=0 main=1
done
echo ok
