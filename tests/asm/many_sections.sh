#!/usr/bin/env bash
# More sections than softticks-as's old fixed table (4096; the rest fell
# silently into section 0, .text): 10000 -ffunction-sections functions,
# then `.text.__rr_softticks_x`, an opted-out function with a loop, which
# must get no tick, while the others' loops tick.
# Environment (CTest): ST_SAS ST_HERE ST_REAL_AS ST_WORK
source "$ST_HERE/../support/scratch.sh"
python3 "$ST_HERE/gen_large.py" sections 10000 > sections.s
"$ST_SAS" --softticks-emit=out.s sections.s
grep -q "^\.L9999_0:;" out.s || fail "the last function's loop did not tick"
{ grep -q "^optout_loop:$" out.s && grep -q "^\.Loptout:$" out.s; } ||
  fail "the opted-out function ticks: $(grep -A1 '^optout_loop:' out.s | tr '\n' ' ')"
"$ST_REAL_AS" --64 out.s -o out.o || fail "the output does not assemble"
echo "PASS: 10000 sections, the opted-out one left alone"
