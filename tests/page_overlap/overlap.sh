#!/usr/bin/env bash
# Programs whose own memory is where the countdown page goes (abi/ABI.md,
# "The per-module initializer"), with one instrumenting compiler for ARCH:
#   - a non-PIE program with ~2 GB of static data: the initializer cannot
#     tell its image from a tracer's page (EEXIST is never an error), so it
#     is caught from its own extent: softticks-inspect calls it inconsistent
#     (and warns for the uninstrumented one covering the page) and
#     softticks-trace refuses it with exit 4 and a message; built as PIE
#     (x86-64) it runs and prints the plain result;
#   - the initializer run again in front of pages others made (a minimal
#     tracer's, rr's layout with the syscall buffer right after the page,
#     one wide mapping, its own page with a neighbour: page_owner.c): it
#     goes on and writes nothing there, and writes nothing but the
#     countdown into the page it creates;
#   - a program that maps over the page after start-up: the tracer stops.
# Usage: overlap.sh ARCH
source "$(dirname "$0")/../support/scratch.sh"
arch=$1
: "${ST_CC:?}" "${ST_PLAIN_CC:?}" "${ST_INSPECT:?}"
if [ -z "${ST_TRACE:-}" ]; then
  echo "skipped: softticks-trace is not built"
  exit 77
fi
aflags=()
[ "$arch" = i386 ] && aflags=(-m32)
src=$(dirname "$0")/programs
# i386: the programs run natively or under qemu-i386, the tracer's checks
# need the former (../support/i386.sh).
trace=$ST_TRACE
if st_i386_skips "$arch" ptrace "softticks-trace's refusals"; then trace=; fi
read -r -a cc <<< "$ST_CC"
read -r -a plain <<< "$ST_PLAIN_CC"

# A 2 GB .bss needs that much address space, not memory.
"${plain[@]}" "${aflags[@]}" -O1 -no-pie "$src/big_static.c" -o big_plain || fail "big_static.c (plain)"
expected=$(st_arch_run "$arch" ./big_plain) || fail "the plain build does not run"
[ "$expected" = "999000 0" ] || fail "the plain build prints $expected"

"${cc[@]}" "${aflags[@]}" -O1 -no-pie "$src/big_static.c" -o big || fail "big_static.c"

if [ -n "$trace" ]; then
  rc=0
  "$trace" count -- ./big > trace.out 2> trace.err || rc=$?
  cat trace.err
  [ "$rc" = 4 ] || fail "softticks-trace exit $rc, 4 expected"
  grep -q "own image covers it" trace.err || fail "softticks-trace: no clear message"
  echo "ok: softticks-trace refuses it"
fi

"$ST_INSPECT" big > inspect.out || fail "softticks-inspect failed"
cat inspect.out
grep -q "^big: inconsistent" inspect.out || fail "softticks-inspect: not inconsistent"
grep -q "reason: segment .* covers the countdown page" inspect.out || fail "softticks-inspect: no reason"
"$ST_INSPECT" big_plain > inspect_plain.out || fail "softticks-inspect failed"
grep -q "^big_plain: not instrumented" inspect_plain.out || fail "plain: verdict changed"
grep -q "warning: segment .* covers the countdown page" inspect_plain.out ||
  fail "softticks-inspect: no warning for the plain build"
echo "ok: softticks-inspect flags both"

if [ "$arch" = x86_64 ]; then
  "${cc[@]}" -O1 -fPIE -pie "$src/big_static.c" -o big_pie || fail "big_static.c (PIE)"
  [ "$(./big_pie)" = "$expected" ] || fail "the PIE build prints $(./big_pie)"
  echo "ok: as PIE it runs"
fi

"${cc[@]}" "${aflags[@]}" "-I${ST_INCLUDE:?}" -O1 "$src/page_owner.c" -o page_owner ||
  fail "page_owner.c"
for what in alone rr wide neighbour; do
  rc=0
  st_arch_run "$arch" ./page_owner $what > owner.out 2> owner.err || rc=$?
  [ "$rc" = 0 ] && [ "$(cat owner.out)" = "went on" ] ||
    fail "$what: exit $rc, output '$(cat owner.out)', stderr '$(cat owner.err)'"
done
echo "ok: the initializer leaves pages others made alone, and marks none of its own"

"${cc[@]}" "${aflags[@]}" "-I${ST_INCLUDE:?}" -O1 "$src/maps_over_page.c" -o maps_over_page ||
  fail "maps_over_page.c"
if [ -n "$trace" ]; then
  rc=0
  "$trace" count -- ./maps_over_page > over.out 2> over.err || rc=$?
  cat over.err
  [ "$rc" = 4 ] || fail "maps over the page: softticks-trace exit $rc, 4 expected"
  grep -qi "countdown page" over.err || fail "maps over the page: no message"
  echo "ok: softticks-trace stops a program that maps over the page"
fi
