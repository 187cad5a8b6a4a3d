#!/usr/bin/env bash
# One binary always ticks the same way (the tracer half of the ABI): two
# runs stopped at tick N stop at the same pc and sp, after N ticks, in a
# function of the program; --continue reports the whole run's count; two
# runs cut into slices of K ticks give the same slices.
# Usage: trace_repeat.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift

# stop_twice NAME N KEYS...: stop-at N twice; the KEYS agree; N ticks ran.
stop_twice() {
  local name=$1 n=$2
  shift 2
  "$ST_TRACE" stop-at "$n" --json -- "./$name" > "$name.stop$n.a" || fail "$name: stop-at $n exited $?"
  "$ST_TRACE" stop-at "$n" --json -- "./$name" > "$name.stop$n.b" || fail "$name: stop-at $n exited $?"
  for key in "$@"; do
    a=$(grep -o "\"$key\": *[^,}]*" "$name.stop$n.a")
    b=$(grep -o "\"$key\": *[^,}]*" "$name.stop$n.b")
    [ -n "$a" ] || fail "$name: stop-at $n reports no $key: $(cat "$name.stop$n.a")"
    [ "$a" = "$b" ] || fail "$name: stop-at $n: $a, then $b"
  done
  [ "$(json_int ticks < "$name.stop$n.a")" = "$n" ] ||
    fail "$name: stop-at $n stopped after $(json_int ticks < "$name.stop$n.a") ticks"
}

# same_slices NAME K: two runs cut into slices of K ticks agree.
same_slices() {
  "$ST_TRACE" slices --every "$2" --json -- "./$1" > "$1.slices$2.a" || fail "$1: slices exited $?"
  "$ST_TRACE" slices --every "$2" --json -- "./$1" > "$1.slices$2.b" || fail "$1: slices exited $?"
  cmp -s "$1.slices$2.a" "$1.slices$2.b" || fail "$1: two runs gave different slices of $2"
}

for prog in recursion.c setjmp_retry.c computed_goto.c; do
  name=${prog%.c}
  st_cc "$arch" "$@" "$ST_CORPUS/$prog" -o "$name" || fail "$name: build"
  for n in 5 11; do stop_twice "$name" $n pc sp ticks function; done
  same_slices "$name" 3
  echo "ok: $name ($arch $*)"
done

# recursion at the first tick, at the last and in between.
total=$("$ST_TRACE" count --json -- ./recursion | json_int ticks)
[ "${total:-0}" -gt 100 ] || fail "recursion ticks only ${total:-none} times"
for n in 1 37 $((total / 2)) "$total"; do
  stop_twice recursion "$n" pc sp ticks
  grep -q '"function": *"\(fib\|depth\|main\)"' "recursion.stop$n.a" ||
    fail "stop-at $n: not in fib/depth/main: $(cat "recursion.stop$n.a")"
done
c=$("$ST_TRACE" stop-at 5 --json --continue -- ./recursion) || fail "stop-at --continue: $c"
[ "$(json_int total_ticks <<< "$c")" = "$total" ] ||
  fail "--continue does not report the whole run's $total ticks: $c"
same_slices recursion 13
echo "ok: recursion: $total ticks, stops and slices repeat"
