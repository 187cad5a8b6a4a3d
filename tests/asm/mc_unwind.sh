#!/usr/bin/env bash
# The unwind information around a tick that saves what it clobbers
# (programs/unwind/): sum.S has exact CFI and loop heads whose ticks must
# keep the carry (x86) or x17 (aarch64), so the save moves the stack
# pointer (lea -128 and push; push; stp).  main.c arms the countdown in
# process (tests/support/inproc_ticks.c) at periods 1 to 7 and calls
# backtrace() at every tick trap: every stop must reach main, as rr, gdb
# and profilers need (issue 27, item 5).  Also: sum.o has the plain
# object's instructions but the ticks and no tick-free cycle, and the sums
# are right.  Then the control: the same object with the tool's
# .cfi_adjust_cfa_offset removed must miss main (or crash in the unwinder)
# at the stops in the stack-pointer-framed function's save: the test fails
# when the tool is wrong.  x86-64; i386 (natively or under qemu-i386) and
# aarch64 (under qemu) when they run here.
# Environment (CTest): ST_SAS ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC
#   ST_AARCH64_GCC ST_QEMU ST_AARCH64_OBJDUMP ST_I386_RUN ST_QEMU_I386 (optional) ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs/unwind
S=$ST_HERE/../support
I=$ST_HERE/../../include

# run NAME ARCH: runs NAME (built for ARCH), its output in NAME.out and the
# last line's numbers in the globals.
run() {
  local rc=0
  st_arch_run "$2" "./$1" > "$1.out" 2>&1 || rc=$?
  cat "$1.out"
  read -r _ stops _ saving _ reached _ saving_reached _ sums < <(tail -1 "$1.out" | grep '^stops ') ||
    { stops=0 saving=0 reached=0 saving_reached=0 sums=none; }
  period1=$(sed -n 's/^period 1: stops \([0-9]*\), in saves \([0-9]*\), reached main \([0-9]*\)$/\1 \2 \3/p' "$1.out")
  echo "$1: exit $rc"
}

prove() ( # NAME RUN_ARCH SAS_OPTION BIN OBJDUMP_OPTIONS COMPILER...: in NAME/
  local name=$1 run_arch=$2 sas_opt=$3 bin=$4 objdump=$5
  shift 5
  local cc=("$@")
  mkdir -p "$name"
  cd "$name" || exit 1
  "${cc[@]}" -O2 -I "$S" -I "$I" -c "$P/main.c" -o main.o
  "${cc[@]}" -O2 -I "$I" -c "$S/inproc_ticks.c" -o inproc.o
  "${cc[@]}" -c "$P/sum.S" -o sum.plain.o
  SOFTTICKS_AS_STATS=1 "${cc[@]}" -B "$bin/" -c "$P/sum.S" -o sum.o
  # shellcheck disable=SC2086 # OBJDUMP_OPTIONS: words
  {
    python3 "$ST_TICKFREE" $objdump sum.o || fail "$name: tick-free cycle"
    python3 "$ST_HERE/compare_insns.py" $objdump sum.plain.o sum.o ||
      fail "$name: sum.o differs from the plain object outside the ticks"
  }
  "${cc[@]}" main.o inproc.o sum.o -o ticked
  run ticked "$run_arch"
  [ "$period1" = "200 199 200" ] ||
    fail "$name: ticked, period 1: stops, saving stops, reaching main: $period1 (want 200 199 200)"
  [ "$sums" = right ] || fail "$name: ticked: wrong sums (a tick changed what it saves)"
  if [ "$stops" -eq 0 ] || [ "$reached" != "$stops" ] || [ "$saving_reached" != "$saving" ]; then
    fail "$name: ticked: $reached of $stops stops reach main ($saving_reached of $saving in saves)"
  fi

  # The control: the tool's directives (after a ';' on a tick's line; the
  # source's own stand on their own lines) removed.
  "${cc[@]}" -E "$P/sum.S" -o sum.s
  # shellcheck disable=SC2086 # SAS_OPTION: empty or one word
  "$ST_SAS" $sas_opt --softticks-emit=sum.ticked.s sum.s
  grep -q ';\.cfi_adjust_cfa_offset [0-9]*;' sum.ticked.s || fail "$name: no .cfi_adjust_cfa_offset in the emitted text"
  sed 's/;\.cfi_adjust_cfa_offset -\{0,1\}[0-9]*//g' sum.ticked.s > sum.nocfi.s
  "${cc[@]}" -c sum.nocfi.s -o sum.nocfi.o
  # shellcheck disable=SC2086
  python3 "$ST_HERE/compare_insns.py" $objdump sum.plain.o sum.nocfi.o || fail "$name: the control differs in its instructions"
  "${cc[@]}" main.o inproc.o sum.nocfi.o -o nocfi
  run nocfi "$run_arch"
  if [ "$sums" = right ] && [ "$reached" -ge "$stops" ]; then
    fail "$name: without the CFI, $reached of $stops stops still reach main: the test cannot fail"
  fi
)

host_cc=${ST_GCC:-gcc}
prove x86_64 x86_64 "" "$ST_SAS_BIN" "" "$host_cc"
if ! echo 'int main(void){return 0;}' | "$host_cc" -m32 -x c - -o m32 2> /dev/null; then
  echo "i386: skipped (no -m32 toolchain)"
elif ! st_i386_skips i386 run "i386: running the programs"; then
  prove i386 i386 --32 "$ST_SAS_BIN" "" "$host_cc" -m32
fi
if [ -n "${ST_AARCH64_GCC:-}" ] && [ -n "${ST_QEMU:-}" ] && [ -n "${ST_AARCH64_OBJDUMP:-}" ]; then
  st_arch_run() { shift; "$ST_QEMU" "$@"; }
  prove aarch64 aarch64 --softticks-arch=aarch64 "$ST_SAS_BIN-aarch64" "--objdump $ST_AARCH64_OBJDUMP" \
    "$ST_AARCH64_GCC" -static
else
  echo "aarch64: skipped (no aarch64-linux-gnu-gcc, qemu-aarch64 or aarch64 objdump)"
fi
echo "PASS"
