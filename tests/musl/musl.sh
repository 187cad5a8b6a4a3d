#!/usr/bin/env bash
# Programs built against musl with one instrumenting compiler (abi/ABI.md
# section 5, "Mapping the page before any initializer"): musl's loader
# refuses IRELATIVE relocations, so a unit built for musl carries no early
# mapping (GCC: the unit saw no __GLIBC__; clang: the triple's environment
# is musl) and every link mode runs: PIE, non-PIE, static-pie, static.
# Each prints what the plain musl build prints, has no IRELATIVE
# relocation, is instrumented by softticks-inspect's verdict, and counts
# the same ticks twice under softticks-trace.  The same source built for
# glibc keeps its early mapping (the sibling that must not change).
# Usage: musl.sh    (environment: ST_TOOLCHAIN, the compiler's file,
# ../support/README.md: ST_KIND, ST_CC, ST_INSPECT, ST_TRACE; ST_WORK)
source "$(dirname "$0")/../support/scratch.sh"
: "${ST_KIND:?}" "${ST_CC:?}" "${ST_INSPECT:?}" "${ST_TRACE:?}"
src=$(dirname "$0")/program.c
specs=/usr/lib/x86_64-linux-musl/musl-gcc.specs
if [ ! -f "$specs" ]; then
  echo "skipped: musl-gcc's specs ($specs) missing: install musl-tools"
  exit 77
fi
read -r -a cc <<< "$ST_CC"
# Linking (and for GCC compiling) against musl: gcc with musl-gcc's specs.
musl_link=(gcc -specs "$specs")

compile_for_musl() { # OUT: the instrumented object
  if [ "$ST_KIND" = gcc ]; then
    "${cc[@]}" -specs "$specs" -O2 -c "$src" -o "$1"
  else
    local resource
    resource=$("${cc[0]}" -print-resource-dir)
    "${cc[@]}" --target=x86_64-linux-musl -nostdinc -isystem "$resource/include" \
      -isystem /usr/include/x86_64-linux-musl -O2 -c "$src" -o "$1"
  fi
}

"${musl_link[@]}" -O2 "$src" -o plain || fail "the plain musl build"
expected=$(./plain) || fail "the plain musl build does not run"
compile_for_musl prog.o || fail "compile for musl"
for mode in -pie -no-pie -static-pie -static; do
  out=prog$mode
  "${musl_link[@]}" "$mode" prog.o -o "$out" || fail "$mode: link"
  got=$("./$out") || fail "$mode: exit $? (a musl loader refusing a relocation exits 127)"
  [ "$got" = "$expected" ] || fail "$mode: prints '$got', '$expected' expected"
  ! readelf -rW "$out" | grep IRELATIV >/dev/null || fail "$mode: an IRELATIVE relocation for musl"
  "$ST_INSPECT" "$out" > inspect.out || fail "$mode: softticks-inspect failed"
  grep -q "^$out: instrumented" inspect.out || fail "$mode: $(head -3 inspect.out)"
  t1=$("$ST_TRACE" count -- "./$out" | grep '^ticks: ') || fail "$mode: traced run failed"
  t2=$("$ST_TRACE" count -- "./$out" | grep '^ticks: ')
  [ "$t1" = "$t2" ] && [ "$t1" != "ticks: 0" ] || fail "$mode: counts '$t1' and '$t2'"
  echo "ok: musl $mode runs instrumented ($t1)"
done

"${cc[@]}" -O2 "$src" -o glibc || fail "the glibc build"
[ "$(./glibc)" = "$expected" ] || fail "the glibc build prints $(./glibc)"
readelf -rW glibc | grep IRELATIV >/dev/null || fail "the glibc build lost its early mapping"
echo "ok: built for glibc it keeps the early mapping"
