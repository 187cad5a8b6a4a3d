#!/usr/bin/env bash
# Debug information does not change what the plugin does: every corpus
# program compiles with -fcompare-debug (GCC compiles it a second time
# without -g and fails if the generated code differs) at -g3 (the -g
# levels differ in macro and DWARF detail, not in the debug statements the
# pass sees), -O0 to -O3.  A pass that counted debug statements, or took their
# locations for code, would place different ticks.
source "$(dirname "$0")/../lib.sh"
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  for level in -O0 -O2 -O3; do
    $(compiler_for "$src") x86_64 -fcompare-debug -g3 $level -c "$src" -o out.o ||
      fail "$(basename "$src") -g3 $level: the code differs with debug information (or the build failed)"
  done
done
