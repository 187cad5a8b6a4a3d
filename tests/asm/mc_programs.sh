#!/usr/bin/env bash
# Machine-code proof on programs whose loops are assembly (programs/):
# built with gcc -B (softticks-as as `as`) they print what the plain build
# prints; every object has no tick-free cycle and the same instructions as
# the plain object but the ticks; the program has one ABI note;
# `softticks-trace check` single-steps it with 0 violations; two `count`
# runs give the same count.  Twice: everything through softticks-as, and
# main.c through the GCC plugin (its module parts and softticks-as's in
# one program), main.c and loops.S through clang -fno-integrated-as -B, and
# the i386 programs (main32.c, loops32.S), and aarch64 (main_a64.c,
# loops_a64.S) under qemu.
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE
#   ST_GCC_PLUGIN ST_SAS_CLANG ST_AARCH64_GCC ST_QEMU ST_AARCH64_OBJDUMP (optional) ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs
cc=${ST_GCC:-gcc}

prove() { # NAME MAIN.c LOOPS.S MIN_FUNCTIONS COMPILER ARCH_FLAGS [FLAGS_FOR_MAIN...]
  local name=$1 main=$P/$2 loops=$P/$3 min_fns=$4 cc=$5 arch=$6
  shift 6
  mkdir -p "$name"
  # shellcheck disable=SC2086 # ARCH_FLAGS: words
  {
    "$cc" $arch -O2 -c "$main" -o "$name/main.plain.o"
    "$cc" $arch -O2 -c "$loops" -o "$name/loops.plain.o"
    "$cc" $arch -B "$ST_SAS_BIN/" -O2 "$@" -c "$main" -o "$name/main.o"
    SOFTTICKS_AS_STATS=1 "$cc" $arch -B "$ST_SAS_BIN/" -O2 -c "$loops" -o "$name/loops.o"
    "$cc" $arch "$name/main.plain.o" "$name/loops.plain.o" -o "$name/plain"
    "$cc" $arch "$name/main.o" "$name/loops.o" -o "$name/ticked"
  }
  python3 "$ST_TICKFREE" "$name/loops.o" "$name/main.o" || fail "$name: tick-free cycle"
  python3 "$ST_HERE/compare_insns.py" "$name/loops.plain.o" "$name/loops.o" ||
    fail "$name: loops.o differs from the plain object outside the ticks"
  local run_arch=x86_64 # i386: natively or under qemu-i386 (../support/i386.sh)
  [ "$arch" = -m32 ] && run_arch=i386
  if ! st_i386_skips "$run_arch" run "$name: running the programs"; then
    st_arch_run "$run_arch" "$name/plain" > "$name/plain.out"
    st_arch_run "$run_arch" "$name/ticked" > "$name/ticked.out"
    cmp "$name/plain.out" "$name/ticked.out" || fail "$name: output differs"
  fi
  [ "$(readelf -n "$name/ticked" | grep -A3 'found in: \.note\.rrsoftticks$' | grep -c '^ *rr ')" -eq 1 ] &&
    [ "$(readelf -SW "$name/ticked" | grep -c ' \.note\.rrsoftticks ')" -eq 1 ] ||
    fail "$name: not exactly one ABI note"
  [ "$(nm "$name/ticked" | grep -c ' __rr_softticks_init$')" -eq 1 ] ||
    fail "$name: not exactly one initializer"
  if [ -n "${ST_TRACE:-}" ] && ! st_i386_skips "$run_arch" ptrace "$name: softticks-trace"; then
    trace_proof "$name" "$name/ticked"
    [ "$(json_int instrumented_functions <<< "$TRACE_CHECK")" -ge "$min_fns" ] ||
      fail "$name: the assembly functions are not instrumented"
  fi
}

prove all_through_as main.c loops.S 8 "$cc" ""
if [ -n "${ST_GCC_PLUGIN:-}" ]; then
  prove with_plugin main.c loops.S 8 "$cc" "" -fplugin="$ST_GCC_PLUGIN"
fi
# clang reaches an external assembler only with -fno-integrated-as.
if [ -n "${ST_SAS_CLANG:-}" ]; then
  prove clang main.c loops.S 8 "$ST_SAS_CLANG" -fno-integrated-as
fi
if echo 'int main(void){return 0;}' | "$cc" -m32 -x c - -o m32 2> /dev/null; then
  prove i386 main32.c loops32.S 5 "$cc" -m32
else
  echo "i386: skipped (no -m32 toolchain)"
fi
# aarch64 under qemu (no ptrace there): the same output as the plain
# build, no tick-free cycle, the same instructions but the ticks, and the
# ticks counted in process (tests/support/inproc_ticks.c: a SIGTRAP handler
# does the tracer's half) equal at trap periods 1, 7 and 1000.
if [ -n "${ST_AARCH64_GCC:-}" ] && [ -n "${ST_QEMU:-}" ] && [ -n "${ST_AARCH64_OBJDUMP:-}" ]; then
  a=aarch64
  mkdir -p $a
  x=("$ST_AARCH64_GCC" -static -O2)
  "${x[@]}" -c "$P/main_a64.c" -o $a/main.o
  "${x[@]}" -c "$P/loops_a64.S" -o $a/loops.plain.o
  SOFTTICKS_AS_STATS=1 "${x[@]}" -B "$ST_SAS_BIN-aarch64/" -c "$P/loops_a64.S" -o $a/loops.o
  "${x[@]}" $a/main.o $a/loops.plain.o -o $a/plain
  "${x[@]}" $a/main.o $a/loops.o -o $a/ticked
  python3 "$ST_TICKFREE" --objdump "$ST_AARCH64_OBJDUMP" $a/loops.o || fail "aarch64: tick-free cycle"
  python3 "$ST_HERE/compare_insns.py" --objdump "$ST_AARCH64_OBJDUMP" $a/loops.plain.o $a/loops.o ||
    fail "aarch64: instructions differ"
  "$ST_QEMU" $a/plain > $a/plain.out
  "$ST_QEMU" $a/ticked > $a/ticked.out
  cmp $a/plain.out $a/ticked.out || fail "aarch64: output differs"
  "${x[@]}" -DST_COUNT -I "$ST_HERE/../support" -I "$ST_HERE/../../include" -c "$P/main_a64.c" -o $a/main_count.o
  "${x[@]}" -I "$ST_HERE/../../include" -c "$ST_HERE/../support/inproc_ticks.c" -o $a/inproc.o
  "${x[@]}" $a/main_count.o $a/inproc.o $a/loops.o -o $a/count
  counts=$(for period in 1 7 1000; do "$ST_QEMU" $a/count $period | sed -n 's/^ticks \([0-9]*\) .*/\1/p'; done | sort -u)
  echo "aarch64 in-process counts: $counts"
  [ "$(echo "$counts" | wc -l)" = 1 ] && [ "$counts" -gt 0 ] || fail "aarch64: counts $counts"
else
  echo "aarch64: skipped (no aarch64-linux-gnu-gcc, qemu-aarch64 or aarch64 objdump)"
fi
echo "PASS"
