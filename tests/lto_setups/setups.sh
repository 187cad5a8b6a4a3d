#!/usr/bin/env bash
# LTO set-ups a user gets wrong, with one instrumenting compiler: the plugin
# loaded twice (clang: softticks.cfg and softticks-lto.cfg together) still
# gives one instrumented program; a link that would not instrument (no
# plugin on the link line, a linker that cannot load it, a ThinLTO -O0
# link) fails naming __rr_softticks_lto_link_needs_the_plugin; asm loops
# of an LTO unit tick (the pass at the link: lld assembles itself); clang 14,
# whose lld cannot load plugins, keeps its compile-time warning instead.
# Usage: setups.sh ARCH
source "$(dirname "$0")/../support/scratch.sh"
arch=$1
: "${ST_CC:?}" "${ST_PLAIN_CC:?}"
if [ -z "${ST_TRACE:-}" ]; then
  echo "skipped: softticks-trace is not built"
  exit 77
fi
aflags=()
[ "$arch" = i386 ] && aflags=(-m32)
src=$(dirname "$0")/programs
symbol=__rr_softticks_lto_link_needs_the_plugin
read -r -a cc <<< "$ST_CC"
read -r -a plain <<< "$ST_PLAIN_CC"

# instrumented PROG: runs, prints 120, ticks, one note.  i386: natively or
# under qemu-i386, which has no ptrace: then the ticks go uncounted, said
# once (../support/i386.sh).
trace=$ST_TRACE
if st_i386_skips "$arch" ptrace "counting ticks under softticks-trace"; then trace=; fi
instrumented() {
  [ "$(st_arch_run "$arch" "./$1")" = 120 ] || fail "$1 prints $(st_arch_run "$arch" "./$1")"
  local ticks=untraced
  if [ -n "$trace" ]; then
    ticks=$("$trace" count --json -- "./$1" | grep -o '"ticks": *[0-9]*' | grep -o '[0-9]*$')
    [ "${ticks:-0}" -gt 0 ] || fail "$1: no ticks"
  fi
  [ "$(readelf -S --wide "$1" | grep -c '\] \.note\.rrsoftticks ')" = 1 ] || fail "$1: not one note"
  echo "ok: $1 ($ST_COMPILER $arch): $ticks ticks"
}

# refused LOG: the link failed and said why.
refused() {
  cat "$1"
  grep -q "$symbol" "$1" || fail "$1: the failed link does not name $symbol"
  echo "ok: $1 refused"
}

compile() { # compile FLAGS...: main.o and sum.o
  "${cc[@]}" "${aflags[@]}" "$@" -c "$src/main.c" -o main.o || fail "main.c does not compile"
  "${cc[@]}" "${aflags[@]}" "$@" -c "$src/sum.c" -o sum.o || fail "sum.c does not compile"
}

if [ "$ST_KIND" = gcc ]; then
  compile -O2 -flto
  "${cc[@]}" "${aflags[@]}" -O2 -flto main.o sum.o -o with_plugin || fail "LTO link with the plugin"
  instrumented with_plugin
  # The plugin twice on the command line: still one instrumented program.
  "${cc[@]}" "-fplugin=$ST_PLUGIN" "${aflags[@]}" -O2 -flto main.o sum.o -o twice ||
    fail "plugin loaded twice"
  instrumented twice
  ! "${plain[@]}" "${aflags[@]}" -O2 -flto main.o sum.o -o without 2> without.log ||
    fail "an LTO link without the plugin succeeded"
  refused without.log
  exit 0
fi

if [ "${ST_MAJOR:?}" -lt 15 ]; then
  # lld 14 cannot load pass plugins: the pre-link compile warns, and no
  # check makes the link fail (it could never succeed).
  compile -O2 -flto 2> compile.log
  grep -q "lld before LLVM 15 cannot load pass plugins" compile.log || fail "no warning at compile time"
  "${plain[@]}" "${aflags[@]}" -O2 -flto -fuse-ld=lld main.o sum.o -o plain_link ||
    fail "clang $ST_MAJOR: the LTO link fails"
  ! nm plain_link | grep "$symbol" >/dev/null || fail "clang $ST_MAJOR: the check reached the program"
  echo "ok: clang $ST_MAJOR warns at compile time"
  exit 0
fi

both=(--config "$ST_CFG" --config "$ST_LTO_CFG")
lto=(--config "$ST_LTO_CFG")
for mode in -flto=full -flto=thin; do
  name=${mode#-flto=}
  compile -O2 "$mode"
  # Both config files: the plugin loaded twice into every compile and link.
  "${plain[@]}" "${both[@]}" "${aflags[@]}" -O2 "$mode" main.o sum.o -o "both_$name" ||
    fail "$mode link with both config files"
  instrumented "both_$name"
  "${plain[@]}" "${both[@]}" "${aflags[@]}" -O2 "$mode" -c "$src/main.c" -o main2.o ||
    fail "$mode compile with both config files"
  "${plain[@]}" "${both[@]}" "${aflags[@]}" -O2 "$mode" main2.o sum.o -o "both2_$name" ||
    fail "$mode compile and link with both config files"
  instrumented "both2_$name"
  # lld without the plugin; GNU ld (LLVMgold: cannot load it).
  ! "${plain[@]}" "${aflags[@]}" -O2 "$mode" -fuse-ld=lld main.o sum.o -o "nolink_$name" \
    2> "lld_without_plugin_$name.log" || fail "$mode: lld link without the plugin succeeded"
  refused "lld_without_plugin_$name.log"
  if "${plain[@]}" "${aflags[@]}" -fuse-ld=bfd -flto -x c /dev/null -o /dev/null -nostdlib \
      -Wl,-e,0 2> /dev/null; then
    ! "${plain[@]}" "${aflags[@]}" -O2 "$mode" -fuse-ld=bfd main.o sum.o -o "bfd_$name" \
      2> "bfd_$name.log" || fail "$mode: GNU ld link succeeded"
    refused "bfd_$name.log"
  else
    echo "note: no LLVMgold plugin for GNU ld; not checked"
  fi
done
# Asm loops in an LTO unit: lld assembles the LTO output itself, so
# -fno-integrated-as (and any softticks-as behind -B) does not see them;
# the pass at the link ticks them: no (pc, sp) repeats without a tick.
for mode in -flto=full -flto=thin; do
  name=asm_${mode#-flto=}
  "${plain[@]}" "${lto[@]}" "${aflags[@]}" -O2 "$mode" -fno-integrated-as -c "$src/asm_loops.c" \
    -o asm_loops.o || fail "$mode: asm_loops.c does not compile"
  "${plain[@]}" "${lto[@]}" "${aflags[@]}" -O2 "$mode" asm_loops.o -o "$name" ||
    fail "$mode: asm_loops does not link"
  instrumented "$name"
  if [ -n "$trace" ]; then
    check=$("$trace" check --untracked --json -- "./$name" 2> /dev/null | tail -1)
    grep -q '"violation_count": *0[,}]' <<< "$check" || fail "$name: tick-free repeats: $check"
    echo "ok: $name: no tick-free repeat in its asm loops"
  fi
done
# A ThinLTO link at -O0 runs no extension point: refused, not silent.
compile -O2 -flto=thin
! "${plain[@]}" "${lto[@]}" "${aflags[@]}" -O0 -flto=thin main.o sum.o -o thin_O0 2> thin_O0.log ||
  fail "ThinLTO -O0 link succeeded"
refused thin_O0.log
