#!/usr/bin/env bash
# Loops written in assembly in a C unit (asm_loops.c: inline asm, `$$`
# immediates, asm goto, file-scope asm) built with clang and the pass: the
# program prints what the plain build prints, and softticks-trace check
# single-steps it and finds no tick-free cycle (issue 26: before the pass
# ticked assembly, each iteration of each loop was a violation).  Where
# the tracer cannot follow the program (aarch64 under qemu: softticks-trace
# is x86 only; i386 under qemu-i386, ../../support/i386.sh): the same
# output, and the ticks in the code: the entries of main and the asm
# function, and one in each of the four loops.  Usage: asm_loops.sh ARCH.
source "$(dirname "$0")/../lib.sh"
arch=$1
n=200
traced=1
[ "$arch" = aarch64 ] && traced=
if st_i386_skips "$arch" ptrace "softticks-trace check (the ticks in the code are counted)"; then
  traced=
fi
for opt in -O0 -O2; do
  plain_cc "$arch" "$opt" "$ST_TESTS/clang/asm_loops.c" -o plain$opt || fail "plain $opt: build"
  st_cc "$arch" "$opt" "$ST_TESTS/clang/asm_loops.c" -o ticks$opt 2> build$opt.err ||
    fail "ticks $opt: build"
  # Nothing left alone here: no warning.
  if grep -q softticks build$opt.err; then cat build$opt.err >&2; fail "ticks $opt: warning"; fi
  run_for "$arch" ./plain$opt $n > plain$opt.out || fail "plain $opt: run"
  run_for "$arch" ./ticks$opt $n > ticks$opt.out || fail "ticks $opt: run"
  cmp plain$opt.out ticks$opt.out || fail "ticks $opt: output differs"
  if [ -z "$traced" ]; then
    ticks=$("$ST_BIN_TICKS" "$arch" ticks$opt) || fail "ticks $opt: bin_ticks"
    [ "$ticks" -ge 6 ] || fail "ticks $opt: $ticks ticks in the code, fewer than 6"
    echo "ok: $arch $opt: the plain build's output, $ticks ticks in the code"
    continue
  fi
  rc=0
  "$ST_TRACE" check --json -- ./ticks$opt $n > ticks$opt.json 2> ticks$opt.err || rc=$?
  violations=$(json_int violation_count < ticks$opt.json)
  ticks=$(json_int ticks < ticks$opt.json)
  [ $rc = 0 ] && [ "${violations:-x}" = 0 ] || {
    head -c 2000 ticks$opt.json ticks$opt.err >&2
    fail "ticks $opt: check exited $rc, ${violations:-no} violations"
  }
  # Four loops of n iterations, each with its tick.
  [ "${ticks:-0}" -ge $((4 * n)) ] || fail "ticks $opt: $ticks ticks, fewer than the loops' $((4 * n))"
  echo "ok: $arch $opt: 0 violations, $ticks ticks, $(json_int steps < ticks$opt.json) steps"
done
