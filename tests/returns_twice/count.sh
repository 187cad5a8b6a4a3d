#!/usr/bin/env bash
# Each program of programs/ returns more than once from one call into the
# same frame, jumped back to from code without ticks.  Built with one
# instrumenting compiler for ARCH at OPT, it must print what it prints
# uninstrumented, and softticks-trace must count the ticks its comment
# derives by hand ("Ticks, by hand: ... = N"): one after each return.
# i386 programs that run only under qemu-i386 (no ptrace; ../support/i386.sh)
# count in process instead: main as corpus_main under the tick harness
# (../support/inproc_ticks.c, ../machine_code/inproc_main.c), once with a
# period that never traps and once with one that traps every 2 ticks.
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
inproc=
if [ "$arch" = i386 ] && ! st_i386_can ptrace && st_i386_can run; then
  inproc=1
  support=$(cd "$(dirname "$0")/../support" && pwd)
  echo "counting in process under qemu-i386, not with softticks-trace (ptrace):" \
    "this machine's i386 probe (SOFTTICKS_I386_RUN) says '$(st_i386_answer)'"
  $ST_PLAIN_CC "${aflags[@]}" -O2 -I"$support" -I"${ST_INCLUDE:?}" -c "$support/inproc_ticks.c" -o harness.o
  $ST_PLAIN_CC "${aflags[@]}" -O2 -I"$support" -c "$support/../machine_code/inproc_main.c" -o driver.o
fi
# count NAME: the ticks ./NAME runs.
count() {
  if [ -z "$inproc" ]; then
    "$ST_TRACE" count --json -- "./$1" | grep -o '"ticks": *[0-9]*' | grep -o '[0-9]*$'
    return
  fi
  local period ticks traps counts=()
  $ST_CC "${aflags[@]}" "$opt" -Dmain=corpus_main -c "$src" -o "$1.inproc.o"
  $ST_PLAIN_CC "${aflags[@]}" "$1.inproc.o" driver.o harness.o -o "$1.inproc"
  for period in 1000000 2; do
    ST_INPROC_PERIOD=$period st_arch_run "$arch" "./$1.inproc" > /dev/null 2> "$1.inproc.err" ||
      { echo "$1 in process (period $period): exit $?: $(cat "$1.inproc.err")" >&2; return 1; }
    read -r _ ticks _ traps < "$1.inproc.err"
    [ "$traps" = $((period == 2 ? ticks / 2 : 0)) ] ||
      { echo "$1 in process (period $period): $ticks ticks, $traps traps" >&2; return 1; }
    counts+=("$ticks")
  done
  [ "${counts[0]}" = "${counts[1]}" ] || { echo "$1: ${counts[*]} ticks in process" >&2; return 1; }
  echo "${counts[0]}"
}
status=0
for src in "$(dirname "$0")"/programs/*.c; do
  name=$(basename "$src" .c)
  want=$(tr '\n' ' ' < "$src" | grep -o 'Ticks, by hand:[^=]*= [0-9]*' | grep -o '[0-9]*$') ||
    fail "$name: no 'Ticks, by hand' line"
  $ST_PLAIN_CC "${aflags[@]}" "$opt" "$src" -o "$name.plain" || fail "$name does not build"
  $ST_CC "${aflags[@]}" "$opt" "$src" -o "$name" || fail "$name does not build with the plugin"
  [ "$(st_arch_run "$arch" "./$name")" = "$(st_arch_run "$arch" "./$name.plain")" ] ||
    fail "$name prints something else instrumented"
  got=$(count "$name") || got=error
  if [ "$got" = "$want" ]; then
    echo "ok: $name ($ST_COMPILER $arch $opt): $got ticks"
  else
    echo "FAIL: $name ($ST_COMPILER $arch $opt): $got ticks, $want expected" >&2
    status=1
  fi
done
exit $status
