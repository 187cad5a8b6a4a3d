#!/usr/bin/env bash
# The pass runs at every optimization level: GCC registers it after
# "optimized", which it runs at -O0 too.  A function without cycles keeps
# exactly its entry tick at every level.
source "$(dirname "$0")/../lib.sh"
for level in -O0 -O1 -O2 -O3 -Os -Og -Ofast; do
  st_cc x86_64 "$level" -S "$ST_CORPUS/loops.c" -o "loops$level.s" || fail "loops.c at $level"
  "$ST_ASM_TICKS" x86_64 "loops$level.s" straight_line=1 main=1 ||
    fail "the pass did not run as expected at $level"
done
