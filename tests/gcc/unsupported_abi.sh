#!/usr/bin/env bash
# Targets without a tick sequence (x32; aarch64 ILP32): one warning, no
# instrumentation, no initializer, no note.
source "$(dirname "$0")/lib.sh"
check() {
  local what=$1 asm=$2 log=$3
  [ "$(grep -c 'softticks: no software-tick sequence' "$log")" = 1 ] || fail "$what: not one warning"
  ! grep -q '0x7000180\|0x7001, lsl' "$asm" || fail "$what: ticks inserted"
  ! grep -q '__rr_softticks_init\|rrsoftticks' "$asm" || fail "$what: initializer or note emitted"
}
# No #include: the x32 and ILP32 C libraries need not be installed.
printf 'int sum(const int *v, int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) s += v[i];\n  return s;\n}\n' > abi.c
st_cc -mx32 -O2 -S abi.c -o x32.s 2> x32.log || fail "-mx32 does not compile"
cat x32.log
check -mx32 x32.s x32.log
if [ -n "${ST_AARCH64_PLUGIN:-}" ]; then
  if "$ST_AARCH64_GCC" -fplugin="$ST_AARCH64_PLUGIN" -mabi=ilp32 -O2 -S abi.c \
      -o ilp32.s 2> ilp32.log; then
    cat ilp32.log
    check -mabi=ilp32 ilp32.s ilp32.log
  else
    echo "note: this aarch64 GCC cannot compile for -mabi=ilp32; not checked"
  fi
fi
