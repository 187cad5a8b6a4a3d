#!/usr/bin/env bash
# The tracer half of the ABI on clang-built code: stopped at tick N, two
# runs stop at the same pc and sp, at a tick trap; --continue reports the
# whole run's count; two slice lists are identical.
# Usage: determinism.sh ARCH OPT
source "$(dirname "$0")/lib.sh"
arch=$1 opt=$2
read -r -a aflags <<< "$(arch_flags "$arch")"
st_cc "${aflags[@]}" "$opt" "$ST_CORPUS/recursion.c" -o recursion || fail "build"
total=$(json_int ticks <<< "$("$ST_TRACE" count --json -- ./recursion)")
[ "${total:-0}" -gt 100 ] || fail "recursion ticks only ${total:-none} times"
for n in 1 37 $((total / 2)) "$total"; do
  a=$("$ST_TRACE" stop-at "$n" --json -- ./recursion) || fail "stop-at $n: $a"
  b=$("$ST_TRACE" stop-at "$n" --json -- ./recursion) || fail "stop-at $n (second run): $b"
  for key in pc sp ticks; do
    [ "$(json_int $key <<< "$a")" = "$(json_int $key <<< "$b")" ] ||
      fail "stop-at $n: $key differs: $a vs $b"
  done
  [ "$(json_int ticks <<< "$a")" = "$n" ] || fail "stop-at $n stopped at tick $(json_int ticks <<< "$a")"
  grep -q '"function": *"\(fib\|depth\|main\)"' <<< "$a" || fail "stop-at $n: not in fib/depth/main: $a"
done
c=$("$ST_TRACE" stop-at 5 --json --continue -- ./recursion) || fail "stop-at --continue: $c"
[ "$(json_int total_ticks <<< "$c")" = "$total" ] ||
  fail "--continue does not report the whole run's $total ticks: $c"
s1=$("$ST_TRACE" slices --every 13 --json -- ./recursion) || fail "slices: $s1"
s2=$("$ST_TRACE" slices --every 13 --json -- ./recursion) || fail "slices (second run): $s2"
[ "$s1" = "$s2" ] || fail "two slice lists differ"
echo "ok: $total ticks, stops and slices repeat"
