#!/usr/bin/env bash
# Compiler output through softticks-as alone, on random programs: csmith
# programs of fixed seeds built with gcc -B at -O2 -g, -O3 and -O2 -m32 (when
# there is a -m32 toolchain) print the checksum and exit as their plain
# builds do, and have no tick-free cycle.  Skipped (77) without csmith.
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
command -v csmith > /dev/null || { echo "SKIP: no csmith"; exit 77; }
inc=$(find /usr/include -maxdepth 1 -name 'csmith*' -type d | sed -n 1p)
[ -n "$inc" ] || { echo "SKIP: no csmith headers (libcsmith-dev)"; exit 77; }
cc=${ST_GCC:-gcc}
flags=("-O2 -g" "-O3")
echo 'int main(void){return 0;}' | "$cc" -m32 -x c - -o m32 2> /dev/null && flags+=("-O2 -m32")
n=0
for seed in 101 102 103 104 105 106; do
  csmith --seed $seed > p$seed.c
  for f in "${flags[@]}"; do
    # shellcheck disable=SC2086 # $f: words
    "$cc" $f -w -I"$inc" p$seed.c -o plain
    # shellcheck disable=SC2086
    "$cc" -B "$ST_SAS_BIN/" $f -w -I"$inc" p$seed.c -o ticked
    set +e
    a=$(timeout 20 ./plain)
    ra=$?
    b=$(timeout 20 ./ticked)
    rb=$?
    set -e
    [ "$ra" = "$rb" ] && [ "$a" = "$b" ] || fail "seed $seed $f: '$a' ($ra) vs '$b' ($rb)"
    python3 "$ST_TICKFREE" ticked > cycles || { cat cycles; fail "seed $seed $f: tick-free cycle"; }
    n=$((n + 1))
  done
done
echo "PASS: $n builds"
