#!/usr/bin/env bash
# Exact tick counts at -O0 with the in-process trap harness: arm N, trap
# after exactly N ticks with the countdown at 0, count on (inproc_count.c
# knows its count by construction).  The only way to run aarch64 programs
# (under qemu-user, which has no ptrace); natively too.
# Usage: inproc_count.sh ARCH
source "$(dirname "$0")/lib.sh"
arch=$1
st_cc "$arch" -O0 -I"$ST_SUPPORT" -I"$ST_INCLUDE" "$ST_TESTS/inproc_count.c" \
  "$ST_SUPPORT/inproc_ticks.c" -o inproc_count || fail "build"
[ "$("$ST_BIN_TICKS" "$arch" inproc_count)" -gt 0 ] || fail "no ticks in the build"
# The linked program: one note section, one initializer.
[ "$(readelf -S --wide inproc_count | grep -c '\] \.note\.rrsoftticks ')" = 1 ] ||
  fail "not one .note.rrsoftticks section"
[ "$(readelf -s --wide inproc_count | awk '$8 == "__rr_softticks_init"' | wc -l)" = 1 ] ||
  fail "not one __rr_softticks_init"
# 1031 = 1031 (prime): periods that divide it, that do not, and one larger.
for period in 1 7 100 1031 5000; do
  out=$(run_for "$arch" ./inproc_count "$period") || fail "period $period: exit $?, printed '$out'"
  [ "$out" = "1031 $((1031 / period))" ] || fail "period $period: printed '$out', '1031 $((1031 / period))' expected"
  echo "ok: period $period: $out"
done
