#!/usr/bin/env bash
# One binary always ticks the same way: stopping twice at tick N stops at
# the same pc and sp, and two runs cut into slices of K ticks give the same
# slices.  Usage: trace_repeat.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
for prog in recursion.c setjmp_retry.c computed_goto.c; do
  name=${prog%.c}
  "$ST_GCC" -fplugin="$ST_PLUGIN" -fchecking=2 "$@" "$ST_CORPUS/$prog" -o "$name"
  for n in 5 11; do
    "$ST_TRACE" stop-at $n --json -- "./$name" > "$name.stop$n.a" || fail "$name: stop-at $n exited $?"
    "$ST_TRACE" stop-at $n --json -- "./$name" > "$name.stop$n.b" || fail "$name: stop-at $n exited $?"
    for key in pc sp ticks function; do
      a=$(grep -o "\"$key\": *[^,}]*" "$name.stop$n.a") b=$(grep -o "\"$key\": *[^,}]*" "$name.stop$n.b")
      [ -n "$a" ] || fail "$name: stop-at $n reports no $key: $(cat "$name.stop$n.a")"
      [ "$a" = "$b" ] || fail "$name: stop-at $n: $a, then $b"
    done
    grep -q "\"ticks\": *$n[,}]" "$name.stop$n.a" || fail "$name: stopped after other than $n ticks"
  done
  "$ST_TRACE" slices --every 3 --json -- "./$name" > "$name.slices.a" || fail "$name: slices exited $?"
  "$ST_TRACE" slices --every 3 --json -- "./$name" > "$name.slices.b" || fail "$name: slices exited $?"
  cmp -s "$name.slices.a" "$name.slices.b" || fail "$name: two runs gave different slices"
  echo "ok: $name ($arch $*)"
done
