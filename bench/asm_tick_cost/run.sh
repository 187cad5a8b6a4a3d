#!/usr/bin/env bash
# The cost of a softticks-as tick where the flags are dead, where CF is
# live (lahf/sahf through %rax, red zone stepped over) and where OF is too
# (seto/add): the same loops built plain and through softticks-as (gcc -B),
# countdown disarmed (no tracer).  Never a timed test; prints ns/iteration.
# Usage: bench/asm_tick_cost/run.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 "$here/main.c" "$here/loops.s" -o "$work/plain"
gcc -O2 -B "$build/asm/bin/" "$here/main.c" "$here/loops.s" -o "$work/ticked"
echo "plain:  $("$work/plain")"
echo "ticked: $("$work/ticked")"
