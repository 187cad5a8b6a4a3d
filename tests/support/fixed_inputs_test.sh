#!/usr/bin/env bash
# fixed_inputs.c, the shim the determinism checks preload (realworld,
# image): each input it replaces reads the fixed values its comment states,
# and a program that seeds a loop from all of them ticks the same under
# softticks-trace in two runs a second apart, which it does not without
# the shim (time() moves).
source "$(dirname "$0")/scratch.sh"
: "${ST_CC:?}" "${ST_PLAIN_CC:?}"
if [ -z "${ST_TRACE:-}" ]; then
  echo "skipped: softticks-trace is not built"
  exit 77
fi
support=$(cd "$(dirname "$0")" && pwd)
$ST_PLAIN_CC -O2 -shared -fPIC -o fixed_inputs.so "$support/fixed_inputs.c"
$ST_CC -O2 -o input_seeded "$support/input_seeded.c"
shim=$PWD/fixed_inputs.so

# What the shim's comment promises: the clock starts at 2026-01-01
# 00:00:00 UTC and moves 1 µs per read; byte i of "random" data is
# 0x9e + 31 i; arc4random() is 0x9e3779b9.
t0=$(date -u -d '2026-01-01 00:00:00' +%s)
bytes=$(printf '%02x' $((0x9e)) $((0x9e + 31)) $(((0x9e + 62) & 255)) $(((0x9e + 93) & 255)))
expected="time: $t0 $t0
gettimeofday: $t0.000000 $t0.000001
clock_gettime: $t0.000000000 $t0.000001000
timespec_get: $t0.000000000 $t0.000001000
clock: 0 1
getrandom: $bytes $bytes
getentropy: $bytes $bytes
arc4random: 9e3779b9 9e3779b9
arc4random_buf: $bytes $bytes"
while read -r name want; do
  got=$(LD_PRELOAD=$shim ./input_seeded "${name%:}")
  [ "$got" = "$name $want" ] || fail "with the shim, '$got', expected '$name $want'"
  plain=$(./input_seeded "${name%:}")
  [ "$plain" != "$got" ] || fail "without the shim, ${name%:} read the shim's values: '$plain'"
done <<<"$expected"
echo "ok: every input reads the stated fixed values with the shim, others without"

# run WITH|WITHOUT N: ./input_seeded all under softticks-trace count.
run() {
  local preload=
  [ "$1" = with ] && preload=$shim
  LD_PRELOAD=$preload "$ST_TRACE" count --json -o "$1.$2.json" -- ./input_seeded all > "$1.$2.out"
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["ticks"])' "$1.$2.json"
}
for mode in with without; do
  t1=$(run $mode 1)
  sleep 1.1 # time() moves on
  t2=$(run $mode 2)
  echo "$mode the shim: $t1 and $t2 ticks; $(cat $mode.1.out) / $(cat $mode.2.out)"
  if [ $mode = with ]; then
    cmp -s with.1.out with.2.out || fail "with the shim, two runs seeded differently"
    [ "$t1" = "$t2" ] || fail "with the shim, two runs ticked $t1 and $t2"
    loops=$(sed 's/.* loops \([0-9]*\) .*/\1/' with.1.out)
    [ "$t1" -gt "$loops" ] || fail "$t1 ticks for $loops loops"
  else
    ! cmp -s without.1.out without.2.out || fail "without the shim, two runs a second apart seeded alike"
  fi
done
echo "ok: equal ticks with the shim; without it, the seed follows the clock"
