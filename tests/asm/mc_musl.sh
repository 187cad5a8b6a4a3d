#!/usr/bin/env bash
# softticks-as objects in programs built against musl (issue 27, class 4):
# musl's loader refuses IRELATIVE relocations, so the module parts must not
# carry the early mapping there (asm/target_libc.c says how the assembler
# tells).  programs/musl: main.c (plain) and loop.s through
# `musl-gcc -B` (GCC's driver tells `as` nothing but COLLECT_GCC_OPTIONS,
# which names musl-gcc.specs): PIE, non-PIE, static-pie and static run and
# print what the plain build prints, with no IRELATIVE relocation; before,
# every dynamic one exited 127 ("unsupported relocation type 37").  The
# other readings: a .S whose line markers show musl's headers, and
# --softticks-libc=musl under plain gcc, give no early mapping; the same
# loop under plain gcc keeps it (the glibc sibling must not change).
# Environment (CTest): ST_SAS ST_SAS_BIN ST_HERE ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs/musl
specs=/usr/lib/x86_64-linux-musl/musl-gcc.specs
if [ ! -f "$specs" ]; then
  echo "skipped: musl-gcc's specs ($specs) missing: install musl-tools"
  exit 77
fi
musl=(gcc -specs "$specs")
early() { grep -c '__rr_softticks_early_map' "$1" || true; }
irelative() { readelf -rW "$1" | grep -c IRELATIVE || true; }

"${musl[@]}" -O2 "$P/main.c" "$P/loop.s" -o plain || fail "the plain musl build"
expected=$(./plain) || fail "the plain musl build does not run"
"${musl[@]}" -O2 -c "$P/main.c" -o main.o
SOFTTICKS_AS_STATS=1 "${musl[@]}" -B "$ST_SAS_BIN/" -c "$P/loop.s" -o loop.o
nm loop.o | grep ' __rr_softticks_init$' >/dev/null || fail "loop.o: not instrumented"
for mode in -pie -no-pie -static-pie -static; do
  "${musl[@]}" "$mode" main.o loop.o -o "prog$mode" || fail "link $mode"
  [ "$(irelative "prog$mode")" -eq 0 ] || fail "prog$mode: an IRELATIVE relocation"
  got=$("./prog$mode") || fail "prog$mode does not run (exit $?)"
  [ "$got" = "$expected" ] || fail "prog$mode printed $got, not $expected"
done

# The input's line markers: a header only musl has.
{ echo '# 1 "/usr/include/x86_64-linux-musl/bits/alltypes.h" 1'; cat "$P/loop.s"; } > marked.s
env -u COLLECT_GCC_OPTIONS "$ST_SAS" --softticks-emit=marked.out.s marked.s
[ "$(early marked.out.s)" -eq 0 ] || fail "musl's headers in the markers: early mapping kept"
# The option, under plain gcc.
gcc -B "$ST_SAS_BIN/" -Wa,--softticks-libc=musl -c "$P/loop.s" -o opt.o
[ "$(nm opt.o | grep -c __rr_softticks_early_map)" -eq 0 ] ||
  fail "--softticks-libc=musl: early mapping kept"
# glibc, the sibling: unchanged.
gcc -B "$ST_SAS_BIN/" -c "$P/loop.s" -o glibc.o
gcc -O2 -c "$P/main.c" -o glibc_main.o
gcc glibc_main.o glibc.o -o glibc_prog
[ "$(irelative glibc_prog)" -ge 1 ] || fail "glibc: the early mapping is gone"
[ "$(./glibc_prog)" = "$expected" ] || fail "glibc program's output"
echo "musl: 4 link modes run, no IRELATIVE; markers and option read; glibc keeps its early mapping"
