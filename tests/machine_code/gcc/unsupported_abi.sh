#!/usr/bin/env bash
# Targets and code without a tick sequence (x32; 16-bit code from -m16 or
# file-scope .code16gcc; -mcmodel=kernel; aarch64 ILP32 and big-endian):
# one warning naming why, no instrumentation, no initializer, no note.
source "$(dirname "$0")/../lib.sh"
check() {
  local what=$1 asm=$2 log=$3
  local why=${4:-}
  [ "$(grep -c 'softticks: no software-tick sequence' "$log")" = 1 ] || fail "$what: not one warning"
  grep -qF -- "$why" "$log" || fail "$what: the warning does not say '$why'"
  ! grep -q '0x7000180\|0x7001, lsl' "$asm" || fail "$what: ticks inserted"
  ! grep -q '__rr_softticks_init\|rrsoftticks' "$asm" || fail "$what: initializer or note emitted"
}
# No #include: the x32 and ILP32 C libraries need not be installed.
printf 'int sum(const int *v, int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) s += v[i];\n  return s;\n}\n' > abi.c
st_cc x86_64 -mx32 -O2 -S abi.c -o x32.s 2> x32.log || fail "-mx32 does not compile"
cat x32.log
check -mx32 x32.s x32.log
# -m16: the sequence's addresses would be cut to 16 bits (0x1807).
st_cc x86_64 -m16 -O2 -S abi.c -o m16.s 2> m16.log || fail "-m16 does not compile"
cat m16.log
check -m16 m16.s m16.log "16-bit code (-m16)"
# The same through file-scope asm, the way before -m16; a later .code32
# returns to 32-bit code, which is instrumented.
{ echo 'asm(".code16gcc");'; cat abi.c; } > code16gcc.c
st_cc x86_64 -m32 -O2 -S code16gcc.c -o code16gcc.s 2> code16gcc.log || fail ".code16gcc does not compile"
cat code16gcc.log
check .code16gcc code16gcc.s code16gcc.log "16-bit code (.code16 in file-scope asm)"
{ echo 'asm(".code16gcc\n.code32");'; cat abi.c; } > code32.c
st_cc x86_64 -m32 -O2 -S code32.c -o code32.s 2> code32.log || fail ".code16gcc/.code32 does not compile"
! grep -q softticks code32.log || fail ".code16gcc then .code32: warned"
grep -q '0x70001800' code32.s || fail ".code16gcc then .code32: not instrumented"
# Kernel code cannot reach a user page.
st_cc x86_64 -mcmodel=kernel -fno-pie -O2 -S abi.c -o kernel.s 2> kernel.log ||
  fail "-mcmodel=kernel does not compile"
cat kernel.log
check -mcmodel=kernel kernel.s kernel.log "kernel code (-mcmodel=kernel)"
# -mcmodel=large keeps the 32-bit absolute addresses valid: instrumented.
st_cc x86_64 -mcmodel=large -O2 -S abi.c -o large.s 2> large.log || fail "-mcmodel=large does not compile"
! grep -q softticks large.log || fail "-mcmodel=large: warned"
grep -q '0x70001800' large.s || fail "-mcmodel=large: not instrumented"
if [ -n "${ST_AARCH64_PLUGIN:-}" ]; then
  if "$ST_AARCH64_GCC" -fplugin="$ST_AARCH64_PLUGIN" -mabi=ilp32 -O2 -S abi.c \
      -o ilp32.s 2> ilp32.log; then
    cat ilp32.log
    check -mabi=ilp32 ilp32.s ilp32.log
  else
    echo "note: this aarch64 GCC cannot compile for -mabi=ilp32; not checked"
  fi
  # The countdown is a little-endian word.
  "$ST_AARCH64_GCC" -fplugin="$ST_AARCH64_PLUGIN" -mbig-endian -O2 -S abi.c -o be.s 2> be.log ||
    fail "-mbig-endian does not compile"
  cat be.log
  check -mbig-endian be.s be.log "big-endian code (-mbig-endian)"
fi
