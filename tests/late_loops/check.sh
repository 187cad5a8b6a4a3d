#!/usr/bin/env bash
# Late loops on machine code: builds each program of this directory with
# one compiler for one architecture at -O0 and -O2 (and the variants that
# make the backend write loops), and runs tickfree_cycles.py on the code.
# Every build must be free of tick-free cycles except the ones limits.txt
# pins.  On x86 (and aarch64 under qemu) the programs also run and print
# what the uninstrumented build prints; with softticks-trace, the
# deterministic ones are single-stepped by `check` on x86.
# Usage: check.sh COMPILER ARCH   (COMPILER: gcc, clang19, clang14)
# Environment (CTest): ST_HERE ST_WORK ST_CHECKER ST_OBJDUMP
#   ST_AARCH64_OBJDUMP ST_GCC ST_GCC_PLUGIN ST_AARCH64_GCC
#   ST_AARCH64_GCC_PLUGIN ST_CLANG<N>_BINDIR ST_CLANG<N>_CFG ST_QEMU
#   ST_TRACE (each optional but the ones the asked build needs).
source "$ST_HERE/../support/scratch.sh"
skip() {
  echo "SKIP: $*"
  exit 77
}
compiler=$1
arch=$2

case "$compiler:$arch" in
  gcc:aarch64)
    [ -n "${ST_AARCH64_GCC_PLUGIN:-}" ] || skip "no aarch64 GCC plugin (g++-aarch64-linux-gnu)"
    plain=("$ST_AARCH64_GCC")
    cc=("$ST_AARCH64_GCC" -fplugin="$ST_AARCH64_GCC_PLUGIN" -fchecking=2) ;;
  gcc:*)
    [ -n "${ST_GCC_PLUGIN:-}" ] || skip "no GCC plugin"
    plain=("$ST_GCC")
    cc=("$ST_GCC" -fplugin="$ST_GCC_PLUGIN" -fchecking=2) ;;
  clang*)
    major=${compiler#clang}
    bindir_var=ST_CLANG${major}_BINDIR cfg_var=ST_CLANG${major}_CFG
    [ -n "${!bindir_var:-}" ] || skip "no LLVM $major plugin"
    plain=("${!bindir_var}/clang")
    cc=("${!bindir_var}/clang" --config "${!cfg_var}") ;;
  *) fail "unknown compiler $compiler" ;;
esac
case "$arch" in
  x86_64) arch_flags=() objdump=$ST_OBJDUMP ;;
  i386) arch_flags=(-m32) objdump=$ST_OBJDUMP ;;
  aarch64)
    arch_flags=(-static)
    [ "$compiler" = gcc ] || arch_flags+=(--target=aarch64-linux-gnu)
    [ -n "${ST_AARCH64_OBJDUMP:-}" ] || skip "no aarch64-linux-gnu-objdump"
    objdump=$ST_AARCH64_OBJDUMP ;;
  *) fail "unknown arch $arch" ;;
esac
[ "$compiler" = gcc ] && libs=(-latomic) || libs=()

# The variants of each program (besides the plain build), one per line.
variants() {
  case "$1:$compiler:$arch" in
    atomics:*:aarch64) printf '%s\n' -mno-outline-atomics -march=armv8.1-a ;;
    probes:*) echo -fstack-clash-protection ;;
    counters:gcc:*) echo "-fprofile-arcs -fprofile-update=atomic" ;;
    counters:clang*:x86_64 | counters:clang*:i386) # (no aarch64 profile runtime here)
      echo "-fprofile-instr-generate -fprofile-update=atomic" ;;
    stringops:gcc:x86_64 | stringops:gcc:i386)
      printf '%s\n' -minline-all-stringops -mstringop-strategy=loop \
        -mstringop-strategy=unrolled_loop -mstringop-strategy=vector_loop \
        -mstringop-strategy=byte_loop "-minline-all-stringops -minline-stringops-dynamically" \
        "-mmemcpy-strategy=loop:-1:noalign -mmemset-strategy=unrolled_loop:-1:noalign" ;;
  esac
}

is_limit() { # OPT PROGRAM FLAGS
  awk -v c="$compiler" -v a="$arch" -v o="$1" -v p="$2" -v f="${3:--}" \
    '!/^#/ && NF >= 5 && $1 == c && $2 == a && $3 == o && $4 == p {
       flags = $5; for (i = 6; i <= NF; i++) flags = flags " " $i
       if (flags == f) found = 1 }
     END { exit !found }' "$ST_HERE/limits.txt"
}

run() { if [ "$arch" = aarch64 ]; then "$ST_QEMU" "$@"; else "$@"; fi; }
can_run() { [ "$arch" != aarch64 ] || [ -n "${ST_QEMU:-}" ]; }

status=0
builds=0
for src in "$ST_HERE"/{atomics,counters,probes,stringops,bitint_div}.c; do
  prog=$(basename "${src%.c}")
  while IFS= read -r variant; do
    read -ra vflags <<< "$variant"
    for opt in -O0 -O2; do
      name="$prog$opt${variant// /}"
      out="$ST_WORK/$name"
      if ! "${cc[@]}" "${arch_flags[@]}" $opt "${vflags[@]}" -w "$src" -o "$out" "${libs[@]}" \
          2> "$out.log"; then
        echo "FAIL: $name: build" >&2
        cat "$out.log" >&2
        status=1
        continue
      fi
      builds=$((builds + 1))
      rc=0
      python3 "$ST_CHECKER" --objdump "$objdump" "$out" > "$out.cycles" || rc=$?
      if [ $rc = 2 ]; then
        echo "FAIL: $name: the checker found nothing instrumented" >&2
        status=1
      elif is_limit "$opt" "$prog" "$variant"; then
        if [ $rc = 1 ]; then
          echo "ok: $name: tick-free cycles, a documented limit ($(wc -l < "$out.cycles"))"
        else
          echo "FAIL: $name: limits.txt pins a tick-free cycle here and there is none: update" \
            "limits.txt and abi/ABI.md" >&2
          status=1
        fi
      elif [ $rc = 1 ]; then
        echo "FAIL: $name: tick-free cycles in instrumented code:" >&2
        head -20 "$out.cycles" >&2
        status=1
      else
        echo "ok: $name: no tick-free cycle"
      fi
      can_run || continue
      "${plain[@]}" "${arch_flags[@]}" $opt "${vflags[@]}" -w "$src" -o "$out.plain" "${libs[@]}" ||
        fail "$name: uninstrumented build"
      expected=$(run "$out.plain") || fail "$name: the uninstrumented build failed"
      got=$(run "$out") || { echo "FAIL: $name: exited $?" >&2; status=1; continue; }
      if [ "$got" != "$expected" ]; then
        echo "FAIL: $name prints '$got', uninstrumented '$expected'" >&2
        status=1
      fi
    done
  done < <(echo; variants "$prog")
done
[ $builds -gt 0 ] || fail "nothing built"

# The guarantee single-stepped: the loops that repeat with no other agent
# (wide division, string loops, stack probes whose sp moves).
if [ -n "${ST_TRACE:-}" ] && [ "$arch" != aarch64 ]; then
  for name in bitint_div-O2 probes-O2-fstack-clash-protection stringops-O2-mstringop-strategy=loop; do
    [ -x "$ST_WORK/$name" ] || continue
    rc=0
    "$ST_TRACE" check --json -- "$ST_WORK/$name" > "$ST_WORK/$name.json" 2> "$ST_WORK/$name.err" || rc=$?
    if [ $rc != 0 ]; then
      echo "FAIL: softticks-trace check $name exited $rc" >&2
      head -c 1500 "$ST_WORK/$name.json" "$ST_WORK/$name.err" >&2
      status=1
    else
      echo "ok: softticks-trace check $name"
    fi
  done
fi
exit $status
