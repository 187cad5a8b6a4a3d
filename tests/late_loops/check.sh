#!/usr/bin/env bash
# Late loops on machine code: builds each program of this directory with
# one compiler for one architecture at -O0 and -O2 (and the variants that
# make the backend write loops), and runs tickfree_cycles.py on the code.
# Every build must be free of tick-free cycles except the ones limits.txt
# pins.  On x86 (and aarch64 under qemu) the programs also run and print
# what the uninstrumented build prints; with softticks-trace, the
# deterministic ones are single-stepped by `check` on x86.
# Usage: check.sh ARCH, with ST_TOOLCHAIN the compiler's file
# (build/tests/toolchains/<compiler>.env: gcc, gcc11, clang19, clang22, clang14) and
# ST_WORK a scratch directory; ST_OBJDUMP, ST_AARCH64_OBJDUMP override the
# objdump and aarch64-linux-gnu-objdump on PATH.
ST_HERE=$(cd "$(dirname "$0")" && pwd)
ST_CHECKER=$ST_HERE/tickfree_cycles.py
source "$ST_HERE/../support/scratch.sh"
skip() {
  echo "SKIP: $*"
  exit 77
}
compiler=$ST_COMPILER
arch=$1

case "$ST_KIND:$arch" in
  gcc:aarch64)
    [ -n "${ST_AARCH64_PLUGIN:-}" ] || skip "no aarch64 GCC plugin (g++-aarch64-linux-gnu)"
    plain=("$ST_AARCH64_GCC")
    cc=("$ST_AARCH64_GCC" -fplugin="$ST_AARCH64_PLUGIN" -fchecking=2) ;;
  gcc:*)
    plain=("$ST_GCC")
    cc=("$ST_GCC" -fplugin="$ST_PLUGIN" -fchecking=2) ;;
  clang:*)
    plain=("$ST_BINDIR/clang")
    cc=("$ST_BINDIR/clang" --config "$ST_CFG") ;;
  *) fail "unknown compiler $compiler" ;;
esac
case "$arch" in
  x86_64) arch_flags=() objdump=${ST_OBJDUMP:-$(command -v objdump)} ;;
  i386) arch_flags=(-m32) objdump=${ST_OBJDUMP:-$(command -v objdump)} ;;
  aarch64)
    arch_flags=(-static)
    [ "$compiler" = gcc ] || arch_flags+=(--target=aarch64-linux-gnu)
    objdump=${ST_AARCH64_OBJDUMP:-$(command -v aarch64-linux-gnu-objdump || true)}
    [ -n "$objdump" ] || skip "no aarch64-linux-gnu-objdump" ;;
  *) fail "unknown arch $arch" ;;
esac
[ "${compiler#gcc}" != "$compiler" ] && libs=(-latomic) || libs=()

# The programs: the GCC block operations of issue 17 (own_memcpy ...
# seg_gs) for GCC only.
programs() {
  echo atomics counters probes stringops bitint_div
  case "$compiler:$arch" in
    gcc*:x86_64 | gcc*:i386) echo own_memcpy pic_copy skipped asan_frames struct_args seg_gs ;;
    gcc:aarch64) echo skipped struct_args ;; # (aarch64 GCC itself calls memcpy for 1 KB)
  esac
}

# Flags a program always needs.  i386 PIE code calls a PC-relative thunk
# even at -O0, so the copied template is position-dependent code there.
base_flags() {
  case "$1:$arch" in
    pic_copy:i386) echo -fno-pie -no-pie ;;
  esac
}

# The variants of each program (besides the plain build), one per line.
variants() {
  case "$1:$compiler:$arch" in
    atomics:*:aarch64) printf '%s\n' -mno-outline-atomics -march=armv8.1-a ;;
    probes:*) echo -fstack-clash-protection ;;
    counters:gcc:*) echo "-fprofile-arcs -fprofile-update=atomic" ;;
    counters:clang*:x86_64 | counters:clang*:i386) # (no aarch64 profile runtime here)
      echo "-fprofile-instr-generate -fprofile-update=atomic" ;;
    stringops:gcc*:x86_64 | stringops:gcc*:i386)
      printf '%s\n' -minline-all-stringops -mstringop-strategy=loop \
        -mstringop-strategy=unrolled_loop -mstringop-strategy=vector_loop \
        -mstringop-strategy=byte_loop "-minline-all-stringops -minline-stringops-dynamically" \
        "-mmemcpy-strategy=loop:-1:noalign -mmemset-strategy=unrolled_loop:-1:noalign" \
        "-mstringop-strategy=loop -fplugin-arg-softticks-late-save" ;;
    own_memcpy:gcc*:*) echo -fno-builtin ;;
    asan_frames:*) printf '%s\n' -fsanitize=address "-fsanitize=address -fplugin-arg-softticks-late-save" ;;
    struct_args:*:i386 | struct_args:*:x86_64)
      printf '%s\n' -maccumulate-outgoing-args -mno-push-args -mtune=intel -march=atom ;;
    seg_gs:*) echo -Os ;;
  esac
}

is_limit() { # OPT PROGRAM FLAGS
  awk -v c="$compiler" -v a="$arch" -v o="$1" -v p="$2" -v f="${3:--}" \
    '!/^#/ && NF >= 5 && $1 == c && $2 == a && $3 == o && $4 == p {
       flags = $5; for (i = 6; i <= NF; i++) flags = flags " " $i
       if (flags == f) found = 1 }
     END { exit !found }' "$ST_HERE/limits.txt"
}

# i386 programs run natively or under qemu-i386 (../support/i386.sh); where
# neither can, the builds and their code are still checked.
run() { if [ "$arch" = aarch64 ]; then "$ST_QEMU" "$@"; else st_arch_run "$arch" "$@"; fi; }
can_run() { { [ "$arch" != aarch64 ] || [ -n "${ST_QEMU:-}" ]; } && { [ "$arch" != i386 ] || st_i386_can run; }; }
st_i386_skips "$arch" run "running the programs" || true

status=0
builds=0
# The disassembly of a function in an object, relocations included,
# without addresses (the functions before it grow with ticks).
function_code() { # OBJDUMP FILE FUNCTION
  "$1" -d -r -w --no-show-raw-insn --disassemble="$3" "$2" |
    sed -n '/^[0-9a-f]* <.*>:$/,$p' |
    sed -e '1d' -e '/^Disassembly of section/d' -e 's/^ *[0-9a-f]*:\t*//' -e 's/[0-9a-f]* </</' \
      -e 's/\t*[0-9a-f]*: \(R_[A-Z0-9_]*\)\t*/ \1 /' -e '/^$/d'
}

# skipped.c: the functions the plugin skips are the plain build's code
# (compared in objects: linked i386 PIC code holds offsets to the GOT,
# which move with the code before it); the ifunc resolver, which calls
# the initializer first (abi/ABI.md section 5), calls nothing else the
# plain build's does not (i386 PIC thunks aside: the call to the
# initializer may change which register holds the GOT).
same_skipped_code() { # NAME FLAGS...
  local name=$1 f bad=0
  shift
  "${cc[@]}" -c "$@" -o "$out.o" || return 1
  "${plain[@]}" -c "$@" -o "$out.plain.o" || return 1
  for f in skipped_copy skipped_clear; do
    if ! diff <(function_code "$objdump" "$out.plain.o" $f) <(function_code "$objdump" "$out.o" $f) \
        > "$out.$f.diff"; then
      echo "FAIL: $name: $f (no_instrument_function) differs from the plain build:" >&2
      head -20 "$out.$f.diff" >&2
      bad=1
    fi
  done
  calls() { function_code "$objdump" "$1" resolve_answer | grep -oE 'R_[A-Z0-9_]+ [^ ]+' | cut -d' ' -f2 |
    sed 's/[-+]0x[0-9a-f]*$//' | grep -v -e __rr_softticks_init -e __x86.get_pc_thunk \
      -e _GLOBAL_OFFSET_TABLE_ | sort -u; }
  if ! diff <(calls "$out.plain.o") <(calls "$out.o") > "$out.resolver.diff"; then
    echo "FAIL: $name: the ifunc resolver refers to symbols the plain build's does not:" >&2
    cat "$out.resolver.diff" >&2
    bad=1
  fi
  [ $bad = 0 ] && echo "ok: $name: skipped functions as in the plain build"
  return $bad
}

for prog in $(programs); do
  src=$ST_HERE/$prog.c
  read -ra bflags <<< "$(base_flags "$prog")"
  while IFS= read -r variant; do
    read -ra vflags <<< "$variant"
    # -fplugin-arg-* is for the instrumented build only.
    read -ra pflags <<< "$(printf '%s\n' $variant | grep -v '^-fplugin-arg-' | tr '\n' ' ')"
    for opt in -O0 -O2; do
      name="$prog$opt${variant// /}"
      out="$ST_WORK/$name"
      # -g: the checker reads which callees do not return from DWARF.
      if ! "${cc[@]}" "${arch_flags[@]}" $opt -g "${bflags[@]}" "${vflags[@]}" -w "$src" -o "$out" "${libs[@]}" \
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
      "${plain[@]}" "${arch_flags[@]}" $opt -g "${bflags[@]}" "${pflags[@]}" -w "$src" -o "$out.plain" "${libs[@]}" ||
        fail "$name: uninstrumented build"
      if [ "$prog" = skipped ]; then
        same_skipped_code "$name" "${arch_flags[@]}" $opt -g "${bflags[@]}" "${pflags[@]}" -w "$src" ||
          status=1
      fi
      can_run || continue
      # ASan's shadow memory does not fit qemu-i386's guest (it hangs).
      if [[ $variant == *-fsanitize=address* ]] && [ "$arch" = i386 ] && [ -n "$(st_i386_runner)" ]; then
        echo "skipped: running $name: AddressSanitizer under qemu-i386"
        continue
      fi
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
if [ -n "${ST_TRACE:-}" ] && [ "$arch" != aarch64 ] &&
  ! st_i386_skips "$arch" ptrace "softticks-trace check"; then
  for name in bitint_div-O2 probes-O2-fstack-clash-protection stringops-O2-mstringop-strategy=loop \
      stringops-O2-mstringop-strategy=loop-fplugin-arg-softticks-late-save \
      struct_args-O2-maccumulate-outgoing-args struct_args-O0-march=atom seg_gs-O2 seg_gs-O2-Os \
      own_memcpy-O2; do
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
