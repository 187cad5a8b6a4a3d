#!/usr/bin/env bash
# GCC-only shapes (shapes.c) at every level: no ICE with -fchecking=2,
# the same output as without the plugin, and (with the tracer) the
# guarantee on the machine code.
source "$(dirname "$0")/../lib.sh"
"$ST_GCC" -O0 "$ST_TESTS/gcc/shapes.c" -o plain
expected=$(./plain)
for level in -O0 -O1 -O2 -O3 -Os -Og; do
  st_cc x86_64 "$level" "$ST_TESTS/gcc/shapes.c" -o "shapes$level" || fail "build at $level"
  [ "$(./shapes$level)" = "$expected" ] || fail "$level prints $(./shapes$level), not $expected"
  if [ -n "${ST_TRACE:-}" ]; then
    "$ST_TRACE" check --json -- "./shapes$level" > "check$level.json" ||
      fail "guarantee at $level: $(head -c 1500 "check$level.json")"
  fi
  echo "ok: $level"
done
# The resolver GCC generates for target_clones never ticks.
st_cc x86_64 -O2 -S "$ST_TESTS/gcc/shapes.c" -o shapes.s
# The default clone is cloned.default (GCC 12) or cloned.default.1 (GCC 11).
default_clone=$(sed -n 's/^\(cloned\.default[.0-9]*\):.*/\1/p' shapes.s | sed -n 1p)
[ -n "$default_clone" ] || fail "shapes.s has no default clone of cloned"
"$ST_ASM_TICKS" x86_64 shapes.s cloned.resolver=0 "$default_clone=2" || fail "target_clones resolver"
