#!/usr/bin/env bash
# The main job: install the dependencies, build the plugins and tools,
# instrument a plain C program with each compiler and run it with no
# tracer and under the reference tracer.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bash scripts/install-deps.sh
build=${SOFTTICKS_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"
build=$(cd "$build" && pwd)
trace=$build/tools/softticks-trace
inspect=$build/tools/softticks-inspect
out=$build/demo
mkdir -p "$out"

step() { printf '\n== %s\n' "$*"; }

run_demo() { # compiler-name binary
  local name=$1 bin=$2
  step "$name: run with no tracer (the countdown stays disarmed)"
  "$bin" 1000
  step "$name: what the inspector sees"
  "$inspect" "$bin"
  step "$name: count every tick under the tracer"
  "$trace" count -- "$bin" 1000
  local total half a b
  total=$("$trace" count --json -- "$bin" 1000 | sed -n 's/.*"ticks": *\([0-9]*\).*/\1/p')
  half=$((total / 2))
  step "$name: stop at tick $half of $total, twice: same pc and sp"
  a=$("$trace" stop-at "$half" --json -- "$bin" 1000 | grep -o '"pc": *[0-9]*, *"sp": *[0-9]*' || true)
  b=$("$trace" stop-at "$half" --json -- "$bin" 1000 | grep -o '"pc": *[0-9]*, *"sp": *[0-9]*' || true)
  "$trace" stop-at "$half" -- "$bin" 1000 | sed -n '1,5p'
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "demo: the two stops differ: '$a' vs '$b'" >&2
    exit 1
  fi
  echo "both runs stopped at: $a"
  step "$name: check the guarantee by single-stepping a small run"
  "$trace" check -- "$bin" 40 | grep -E "^(violations|steps|ticks):"
}

step "build the demo with gcc -fplugin=softticks.so -O2"
gcc -O2 -fplugin="$build/gcc-plugin/softticks.so" -fplugin-arg-softticks-stats \
    "$root/examples/demo/demo.c" -o "$out/demo-gcc"
run_demo gcc "$out/demo-gcc"

if [ -f "$build/llvm-pass/softticks.cfg" ]; then
  # The clang of the LLVM the main plugin (softticks.cfg) was built for:
  # not the newest installed, which may be another major (LLVM 22 beside 19).
  llvm_config=$(sed -n 's/^SOFTTICKS_LLVM_CONFIG:[A-Z]*=//p' "$build/CMakeCache.txt")
  clang=$(dirname "$llvm_config")/clang
  step "build the demo with clang --config=softticks.cfg -O2"
  "$clang" --config "$build/llvm-pass/softticks.cfg" -O2 "$root/examples/demo/demo.c" \
      -o "$out/demo-clang"
  run_demo clang "$out/demo-clang"
fi
step "demo finished"
