#!/usr/bin/env bash
# No verifier failure or crash on valid IR: random modules from llvm-stress
# (random CFGs, PHIs, vectors) and the corpus's own IR (C and C++, -O0 and
# -O2, exceptions and setjmp included) go through
# opt -passes=softticks,verify, and the instrumented modules through llc for
# x86-64, i386 and aarch64.  Usage: stress.sh SEEDS
source "$(dirname "$0")/../lib.sh"
seeds=$1
opt=("$ST_BINDIR/opt" "-load-pass-plugin=$ST_PLUGIN")
llc=$ST_BINDIR/llc
triples=(x86_64-unknown-linux-gnu i686-unknown-linux-gnu aarch64-unknown-linux-gnu)

instrument_and_compile() {
  local in=$1 triple=$2 out=$3
  "${opt[@]}" -mtriple="$triple" -passes=softticks,verify "$in" -o "$out.bc" 2> "$out.err" ||
    fail "$in ($triple): opt failed: $(cat "$out.err")"
  if grep -q . "$out.err"; then fail "$in ($triple): $(cat "$out.err")"; fi
  "$llc" -O2 -filetype=obj "$out.bc" -o "$out.o" || fail "$in ($triple): llc failed"
}

for seed in $(seq "$seeds"); do
  "$ST_BINDIR/llvm-stress" -seed "$seed" -size 300 -o stress$seed.ll || fail "llvm-stress $seed"
  for triple in "${triples[@]}"; do
    instrument_and_compile stress$seed.ll "$triple" stress$seed.$triple
  done
  # Every function ticks at least at its entry.
  [ "$("$ST_BINDIR/llvm-dis" stress$seed.x86_64-unknown-linux-gnu.bc -o - | grep -c 'asm sideeffect "testb')" -gt 0 ] ||
    fail "seed $seed: no tick"
done
echo "ok: $seeds llvm-stress modules"

for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  case "$src" in *.cc) cc=plain_cxx ;; *) cc=plain_cc ;; esac
  for o in -O0 -O2; do
    $cc x86_64 "$o" -Xclang -disable-O0-optnone -emit-llvm -c "$src" -o "$name$o.bc" || fail "$name $o"
    instrument_and_compile "$name$o.bc" x86_64-unknown-linux-gnu "$name$o.ticks"
  done
done
echo "ok: corpus IR"
