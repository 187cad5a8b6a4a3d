#!/usr/bin/env bash
# Each program of programs/ returns more than once from one call into the
# same frame, jumped back to from code without ticks.  Built with one
# instrumenting compiler for ARCH at OPT, it must print what it prints
# uninstrumented, and softticks-trace must count the ticks its comment
# derives by hand ("Ticks, by hand: ... = N"): one after each return.
# Usage: count.sh ARCH OPT
source "$(dirname "$0")/../support/scratch.sh"
arch=$1 opt=$2
: "${ST_CC:?}" "${ST_PLAIN_CC:?}"
if [ -z "${ST_TRACE:-}" ]; then
  echo "skipped: softticks-trace is not built"
  exit 77
fi
aflags=()
[ "$arch" = i386 ] && aflags=(-m32)
status=0
for src in "$(dirname "$0")"/programs/*.c; do
  name=$(basename "$src" .c)
  want=$(tr '\n' ' ' < "$src" | grep -o 'Ticks, by hand:[^=]*= [0-9]*' | grep -o '[0-9]*$') ||
    fail "$name: no 'Ticks, by hand' line"
  $ST_PLAIN_CC "${aflags[@]}" "$opt" "$src" -o "$name.plain" || fail "$name does not build"
  $ST_CC "${aflags[@]}" "$opt" "$src" -o "$name" || fail "$name does not build with the plugin"
  [ "$(./"$name")" = "$(./"$name.plain")" ] || fail "$name prints something else instrumented"
  got=$("$ST_TRACE" count --json -- "./$name" | grep -o '"ticks": *[0-9]*' | grep -o '[0-9]*$')
  if [ "$got" = "$want" ]; then
    echo "ok: $name ($ST_COMPILER $arch $opt): $got ticks"
  else
    echo "FAIL: $name ($ST_COMPILER $arch $opt): $got ticks, $want expected" >&2
    status=1
  fi
done
exit $status
