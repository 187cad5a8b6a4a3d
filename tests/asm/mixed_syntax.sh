#!/usr/bin/env bash
# Issue 26's program, outside the image: loops in C, in an asm statement
# (both dialects) and in two assembly files (AT&T and Intel syntax),
# built by gcc with the plugin and softticks-as (-B) and by softticks-clang
# with the pass's config and -B, each with -masm=att and -masm=intel
# (the .S files without: clang's integrated assembler would read them as
# Intel).  Each program prints what its plain build prints, and
# `softticks-trace check --untracked` single-steps every function of it,
# ticking or not, and finds no (pc, sp) that repeats without a tick.
#   mixed_syntax.sh ROUTE CONFIG   (softticks-clang and softticks.cfg)
# Environment (CTest): ST_HERE ST_SAS_BIN ST_GCC ST_GCC_PLUGIN ST_TRACE ST_WORK
route=${1:?} config=${2:?}
source "$ST_HERE/../machine_code/lib.sh"
src=$ST_HERE/../image/assembler
ln -s "$route" clang
gcc=${ST_GCC:-gcc}
for cc in gcc clang; do
  case $cc in
    gcc) drv=$gcc plain=() ticks=(-fplugin="$ST_GCC_PLUGIN" -B"$ST_SAS_BIN/") ;;
    clang) drv=./clang plain=(--no-default-config) ticks=(--config "$config" -B"$ST_SAS_BIN/") ;;
  esac
  for syntax in att intel; do
    d=$cc.$syntax
    mkdir -p "$d"
    for kind in plain ticks; do
      if [ $kind = plain ]; then flags=("${plain[@]}"); else flags=("${ticks[@]}"); fi
      "$drv" "${flags[@]}" -masm=$syntax -O2 -c "$src/mixed_main.c" -o "$d/main.$kind.o" ||
        fail "$d: $kind: mixed_main.c does not build"
      for s in loops_att loops_intel; do
        "$drv" "${flags[@]}" -c "$src/$s.S" -o "$d/$s.$kind.o" || fail "$d: $kind: $s.S does not build"
      done
      "$drv" "${flags[@]}" "$d/main.$kind.o" "$d/loops_att.$kind.o" "$d/loops_intel.$kind.o" -o "$d/$kind" ||
        fail "$d: $kind: the program does not link"
      "./$d/$kind" > "$d/$kind.out" || fail "$d: the $kind program failed"
    done
    cmp -s "$d/plain.out" "$d/ticks.out" || fail "$d: prints '$(cat "$d/ticks.out")', the plain build '$(cat "$d/plain.out")'"
    check=$("$ST_TRACE" check --untracked --json -- "./$d/ticks" 2>/dev/null | tail -1)
    echo "$d: $check"
    [ "$(json_int violation_count <<< "$check")" = 0 ] || fail "$d: tick-free repeats"
    [ "$(json_int instrumented_functions <<< "$check")" -ge 5 ] ||
      fail "$d: fewer than 5 functions stepped (main, c_loop, asm_loop, sum_att, sum_intel)"
  done
done
echo "PASS: C, asm statement, AT&T and Intel .S loops tick with gcc and clang, -masm=att and -masm=intel"
