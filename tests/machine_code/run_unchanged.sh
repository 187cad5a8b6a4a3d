#!/usr/bin/env bash
# Instrumented programs run normally with no tracer (threads, constructors
# with priorities, vfork, ifunc, exceptions, setjmp...): each corpus program
# prints the same and exits the same as its uninstrumented build.
# Usage: run_unchanged.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  read -r -a quirk <<< "$(quirk_flags "$name" "$arch")"
  $(plain_for "$src") "$arch" "${quirk[@]}" "$@" -pthread "$src" -o "$name.plain" ||
    fail "$name: plain build"
  $(compiler_for "$src") "$arch" "${quirk[@]}" "$@" -pthread "$src" -o "$name.ticks" ||
    fail "$name: instrumented build"
  [ "$("$ST_BIN_TICKS" "$arch" "$name.ticks")" -gt 0 ] || fail "$name: no ticks in the build"
  plain_rc=0 ticks_rc=0
  run_for "$arch" "./$name.plain" > "$name.plain.out" 2>&1 || plain_rc=$?
  run_for "$arch" "./$name.ticks" > "$name.ticks.out" 2>&1 || ticks_rc=$?
  [ "$plain_rc" = 0 ] || fail "$name: the uninstrumented build exits $plain_rc: $(head -c 500 "$name.plain.out")"
  if [ "$plain_rc" != "$ticks_rc" ] || ! cmp -s "$name.plain.out" "$name.ticks.out"; then
    echo "FAIL: $name ($arch $*): exit $ticks_rc vs $plain_rc uninstrumented" >&2
    diff "$name.plain.out" "$name.ticks.out" >&2 || true
    status=1
  else
    echo "ok: $name ($arch $*)"
  fi
done
exit $status
