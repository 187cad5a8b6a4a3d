#!/usr/bin/env bash
# Machine-code proof on programs whose loops are assembly (programs/):
# built with gcc -B (softticks-as as `as`) they print what the plain build
# prints; every object has no tick-free cycle and the same instructions as
# the plain object but the ticks; the program has one ABI note;
# `softticks-trace check` single-steps it with 0 violations; two `count`
# runs give the same count.  Twice: everything through softticks-as, and
# main.c through the GCC plugin (its module parts and softticks-as's in
# one program).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE
#   ST_GCC_PLUGIN (optional) ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs
cc=${ST_GCC:-gcc}

prove() { # NAME CFLAGS_FOR_MAIN...
  local name=$1
  shift
  mkdir -p "$name"
  "$cc" -O2 -c "$P/main.c" -o "$name/main.plain.o"
  "$cc" -O2 -c "$P/loops.S" -o "$name/loops.plain.o"
  "$cc" -B "$ST_SAS_BIN/" -O2 "$@" -c "$P/main.c" -o "$name/main.o"
  SOFTTICKS_AS_STATS=1 "$cc" -B "$ST_SAS_BIN/" -O2 -c "$P/loops.S" -o "$name/loops.o"
  "$cc" "$name/main.plain.o" "$name/loops.plain.o" -o "$name/plain"
  "$cc" "$name/main.o" "$name/loops.o" -o "$name/ticked"
  python3 "$ST_TICKFREE" "$name/loops.o" "$name/main.o" || fail "$name: tick-free cycle"
  python3 "$ST_HERE/compare_insns.py" "$name/loops.plain.o" "$name/loops.o" ||
    fail "$name: loops.o differs from the plain object outside the ticks"
  "$name/plain" > "$name/plain.out"
  "$name/ticked" > "$name/ticked.out"
  cmp "$name/plain.out" "$name/ticked.out" || fail "$name: output differs"
  [ "$(readelf -n "$name/ticked" | grep -A3 'found in: \.note\.rrsoftticks$' | grep -c '^ *rr ')" -eq 1 ] &&
    [ "$(readelf -SW "$name/ticked" | grep -c ' \.note\.rrsoftticks ')" -eq 1 ] ||
    fail "$name: not exactly one ABI note"
  [ "$(nm "$name/ticked" | grep -c ' __rr_softticks_init$')" -eq 1 ] ||
    fail "$name: not exactly one initializer"
  if [ -n "${ST_TRACE:-}" ]; then
    local check c1 c2
    check=$("$ST_TRACE" check --json "$name/ticked" | tail -1)
    echo "$name check: $check"
    [ "$(json_int violation_count <<< "$check")" = 0 ] || fail "$name: violations"
    [ "$(json_int instrumented_functions <<< "$check")" -ge 8 ] ||
      fail "$name: the assembly functions are not instrumented"
    c1=$("$ST_TRACE" count --json "$name/ticked" | tail -1 | json_int ticks)
    c2=$("$ST_TRACE" count --json "$name/ticked" | tail -1 | json_int ticks)
    echo "$name count: $c1 $c2"
    [ "$c1" -gt 0 ] && [ "$c1" = "$c2" ] || fail "$name: counts $c1 and $c2"
  fi
}

prove all_through_as
if [ -n "${ST_GCC_PLUGIN:-}" ]; then
  prove with_plugin -fplugin="$ST_GCC_PLUGIN"
fi
echo "PASS"
