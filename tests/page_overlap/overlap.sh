#!/usr/bin/env bash
# Programs whose own memory is where the countdown page goes (abi/ABI.md,
# "The per-module initializer"), with one instrumenting compiler for ARCH:
#   - a non-PIE program with ~2 GB of static data: the initializer cannot
#     tell its image from a tracer's page (EEXIST is never an error), so it
#     is caught from its own extent: run alone, the page check (a
#     constructor of the module parts) stops it before main with status
#     115 and a message naming it and the page (also with LTO on x86-64,
#     and built through softticks-as, with gcc, when ST_SAS_BIN is set);
#     softticks-inspect calls it inconsistent (and warns for the
#     uninstrumented one covering the page) and softticks-trace refuses it
#     with exit 4 and a message; built as PIE (not i386) it runs and prints
#     the plain result;
#   - ordinary programs (PIE, non-PIE, static, with an instrumented shared
#     object) print what the plain build prints, alone, under
#     softticks-trace (the countdown page and a buffer right after it) and
#     with rr's layout around the page at start-up (rr_below.c, preloaded:
#     a file-backed page right below it, which the check's filter lets
#     through to its reading of the program's headers; with strace, x86
#     only, that reading is seen): the page check never fires there;
#   - the initializer run again in front of pages others made (a minimal
#     tracer's, rr's layout with the syscall buffer right after the page,
#     one wide mapping, its own page with a neighbour: page_owner.c): it
#     goes on and writes nothing there, and writes nothing but the
#     countdown into the page it creates;
#   - a program that maps over the page after start-up: the tracer stops.
# aarch64 (the cross GCC with its plugin, or clang --target) runs under
# qemu-aarch64 with no tracer: softticks-trace is x86 only.
# Usage: overlap.sh ARCH
source "$(dirname "$0")/../support/scratch.sh"
arch=$1
: "${ST_CC:?}" "${ST_PLAIN_CC:?}" "${ST_INSPECT:?}"
if [ -z "${ST_TRACE:-}" ]; then
  echo "skipped: softticks-trace is not built"
  exit 77
fi
aflags=()
[ "$arch" = i386 ] && aflags=(-m32)
src=$(dirname "$0")/programs
# i386: the programs run natively or under qemu-i386, the tracer's checks
# need the former (../support/i386.sh).
trace=$ST_TRACE
if st_i386_skips "$arch" ptrace "softticks-trace's refusals"; then trace=; fi
read -r -a cc <<< "$ST_CC"
read -r -a plain <<< "$ST_PLAIN_CC"
sysroot=
if [ "$arch" = aarch64 ]; then
  trace=
  sysroot=/usr/aarch64-linux-gnu # Debian's cross libraries, for qemu and clang
  [ -n "${ST_QEMU:-}" ] && [ -d "$sysroot" ] || { echo "skipped: no qemu-aarch64 or $sysroot"; exit 77; }
  if [ "$ST_KIND" = gcc ]; then
    [ -n "${ST_AARCH64_PLUGIN:-}" ] || { echo "skipped: no aarch64 GCC plugin"; exit 77; }
    cc=("$ST_AARCH64_GCC" "-fplugin=$ST_AARCH64_PLUGIN")
    plain=("$ST_AARCH64_GCC")
  else
    aflags=(--target=aarch64-linux-gnu)
  fi
fi
# run PROG ARGS...: a program built for ARCH.
run() {
  if [ "$arch" = aarch64 ]; then "$ST_QEMU" -L "$sysroot" "$@"; else st_arch_run "$arch" "$@"; fi
}

# A 2 GB .bss needs that much address space, not memory.
"${plain[@]}" "${aflags[@]}" -O1 -no-pie "$src/big_static.c" -o big_plain || fail "big_static.c (plain)"
expected=$(run ./big_plain) || fail "the plain build does not run"
[ "$expected" = "999000 0" ] || fail "the plain build prints $expected"

"${cc[@]}" "${aflags[@]}" -O1 -no-pie "$src/big_static.c" -o big || fail "big_static.c"

# The page check (common/module_asm.c): alone, the program stops before it
# computes anything, with ST_PAGE_COVERED_STATUS (common/module_asm.h).
page=0x70001000
[ "$arch" = aarch64 ] && page=0x70010000
covered_status=115
stops_alone() { # PROG: stops with the status and the message
  local rc=0
  run "./$1" > "$1.alone.out" 2> "$1.alone.err" || rc=$?
  cat "$1.alone.err"
  [ "$rc" = "$covered_status" ] || fail "$1 alone: exit $rc, $covered_status expected"
  [ ! -s "$1.alone.out" ] || fail "$1 alone: printed '$(cat "$1.alone.out")'"
  grep -q "^softticks: [^ ]*$1: this program's own image covers the countdown page $page .*(-pie)" \
    "$1.alone.err" || fail "$1 alone: no clear message"
}
stops_alone big
echo "ok: alone, the page check stops it"
# Static (no PT_PHDR: the check takes the bias from the PT_LOAD at file
# offset 0): the same as non-PIE; as a static PIE (no PT_PHDR either)
# with something mapped below the page (below_preinit.c), so that the
# check reads its headers, it runs where the loader puts it far from the
# page (a bias of 0 would have put its 2 GB at the page), and stops where
# the loader puts its data on the page (qemu-i386 loads it at 0x40000000):
# a plain build of it says which.  Skipped where the toolchain has no
# static C library (or no static PIE start files).
if "${cc[@]}" "${aflags[@]}" -O1 -static "$src/big_static.c" -o big_static 2> static.err; then
  stops_alone big_static
  echo "ok: static, too"
else
  echo "skipped: static: $(head -1 static.err)"
fi
if "${cc[@]}" "${aflags[@]}" -O1 -static-pie "$src/big_static.c" "$src/below_preinit.c" \
  -o big_static_pie 2> static_pie.err; then
  "${plain[@]}" "${aflags[@]}" -O1 -static-pie -DSAY_WHERE "$src/big_static.c" -o where_static_pie ||
    fail "big_static.c -DSAY_WHERE (plain, static PIE)"
  where=$(run ./where_static_pie) || fail "where_static_pie does not run"
  case $where in
    clear)
      rc=0
      got=$(run ./big_static_pie 2> static_pie.alone.err) || rc=$?
      [ "$rc" = 0 ] && [ "$got" = "$expected" ] && [ ! -s static_pie.alone.err ] ||
        fail "big_static_pie: exit $rc, '$got', stderr '$(cat static_pie.alone.err)'"
      echo "ok: as a static PIE loaded away from the page, with something below the page, it runs"
      ;;
    covers)
      stops_alone big_static_pie
      echo "ok: as a static PIE that the loader put on the page, the page check stops it"
      ;;
    *) fail "where_static_pie printed '$where'" ;;
  esac
else
  echo "skipped: static PIE: $(head -1 static_pie.err)"
fi
# With LTO the parts come at link time (the link-time units carry them).
lto=()
if [ "$arch" = x86_64 ] && [ "$ST_KIND" = gcc ]; then
  lto=("${cc[@]}" -flto)
elif [ "$arch" = x86_64 ] && [ -n "${ST_LTO_CFG:-}" ] && [ "${ST_MAJOR:-0}" -ge 15 ]; then
  lto=("$ST_BINDIR/clang" --config "$ST_LTO_CFG" -flto)
fi
if [ ${#lto[@]} -gt 0 ]; then
  "${lto[@]}" -O2 -no-pie "$src/big_static.c" -o big_lto || fail "big_static.c (LTO)"
  stops_alone big_lto
  echo "ok: with LTO, too"
fi
sas_bin=${ST_SAS_BIN:-}
[ "$arch" = aarch64 ] && [ -n "$sas_bin" ] && sas_bin=$sas_bin-aarch64
if [ "$ST_KIND" = gcc ] && [ -n "$sas_bin" ] && [ -d "$sas_bin" ]; then
  "${plain[@]}" "${aflags[@]}" -B "$sas_bin/" -O1 -no-pie "$src/big_static.c" -o big_sas ||
    fail "big_static.c (softticks-as)"
  stops_alone big_sas
  # The plugin's output, parts included, through softticks-as: no refusal.
  "${cc[@]}" "${aflags[@]}" -B "$sas_bin/" -O1 -c "$src/normal_main.c" -o sas.o 2> sas.err ||
    fail "normal_main.c (plugin, then softticks-as): $(cat sas.err)"
  ! grep -q "softticks-as: warning" sas.err || fail "softticks-as on the plugin's output: $(cat sas.err)"
  echo "ok: built through softticks-as, too"
fi

if [ -n "$trace" ]; then
  rc=0
  "$trace" count -- ./big > trace.out 2> trace.err || rc=$?
  cat trace.err
  [ "$rc" = 4 ] || fail "softticks-trace exit $rc, 4 expected"
  grep -q "own image covers it" trace.err || fail "softticks-trace: no clear message"
  echo "ok: softticks-trace refuses it"
fi

"$ST_INSPECT" big > inspect.out || fail "softticks-inspect failed"
cat inspect.out
grep -q "^big: inconsistent" inspect.out || fail "softticks-inspect: not inconsistent"
grep -q "reason: segment .* covers the countdown page" inspect.out || fail "softticks-inspect: no reason"
"$ST_INSPECT" big_plain > inspect_plain.out || fail "softticks-inspect failed"
grep -q "^big_plain: not instrumented" inspect_plain.out || fail "plain: verdict changed"
grep -q "warning: segment .* covers the countdown page" inspect_plain.out ||
  fail "softticks-inspect: no warning for the plain build"
echo "ok: softticks-inspect flags both"

if [ "$arch" != i386 ]; then # i386: a 2 GB image does not fit below 3 GB anywhere
  "${cc[@]}" "${aflags[@]}" -O1 -fPIE -pie "$src/big_static.c" -o big_pie || fail "big_static.c (PIE)"
  got=$(run ./big_pie) || fail "the PIE build does not run"
  [ "$got" = "$expected" ] || fail "the PIE build prints $got"
  echo "ok: as PIE it runs"
fi

# The normal cases: the page check never fires, with or without a tracer.
"${plain[@]}" "${aflags[@]}" -O1 "$src/normal_main.c" -o normal_plain || fail "normal_main.c (plain)"
normal=$(run ./normal_plain) || fail "the plain normal_main does not run"
"${plain[@]}" "${aflags[@]}" -O1 -fPIC -shared "$src/normal_lib.c" -o libplain_lib.so ||
  fail "normal_lib.c (plain)"
"${plain[@]}" "${aflags[@]}" -O1 -DWITH_LIB "$src/normal_main.c" -L. -lplain_lib \
  -Wl,-rpath,"$PWD" -o with_lib_plain || fail "normal_main.c with the library (plain)"
with_lib=$(run ./with_lib_plain) || fail "the plain build with the library does not run"
"${cc[@]}" "${aflags[@]}" -O1 -fPIC -shared "$src/normal_lib.c" -o libnormal_lib.so ||
  fail "normal_lib.c"
built=(with_lib)
"${cc[@]}" "${aflags[@]}" -O1 -DWITH_LIB "$src/normal_main.c" -L. -lnormal_lib \
  -Wl,-rpath,"$PWD" -o with_lib || fail "normal_main.c with the library"
for how in pie no-pie static; do
  case $how in
    pie) flags=(-fPIE -pie) ;;
    no-pie) flags=(-no-pie) ;;
    static) flags=(-static) ;;
  esac
  # No static C library for i386 or the compiler's target: skip that one.
  "${cc[@]}" "${aflags[@]}" -O1 "${flags[@]}" "$src/normal_main.c" -o "normal_$how" 2> build.err ||
    { [ "$how" = static ] && echo "skipped: static: $(head -1 build.err)" && continue; }
  built+=("normal_$how")
done
for prog in "${built[@]}"; do
  want=$normal
  [ "$prog" = with_lib ] && want=$with_lib
  rc=0
  out=$(run "./$prog" 2> alone.err) || rc=$?
  [ "$rc" = 0 ] && [ "$out" = "$want" ] && [ ! -s alone.err ] ||
    fail "$prog alone: exit $rc, '$out' ('$want' expected), stderr '$(cat alone.err)'"
  if [ -n "$trace" ]; then
    rc=0
    "$trace" count -- "./$prog" > traced.out 2> traced.err || rc=$?
    [ "$rc" = 0 ] && [ "$(head -1 traced.out)" = "$want" ] &&
      grep -q "^exit_status: 0$" traced.out && ! grep -q "countdown page" traced.err ||
      fail "$prog under softticks-trace: exit $rc, '$(cat traced.out)', '$(cat traced.err)'"
  fi
done
echo "ok: ${built[*]} run unchanged${trace:+, alone and under softticks-trace}"

# rr's layout at start-up (rr_below.c, preloaded: not for static programs):
# something right below the page, so the check reads the program's headers
# (strace shows it reading /proc/self/auxv), and lets them run.
"${plain[@]}" "${aflags[@]}" -O1 -fPIC -shared "$src/rr_below.c" -o librr_below.so ||
  fail "rr_below.c"
saw_auxv=0
for prog in "${built[@]}"; do
  [ "$prog" = normal_static ] && continue
  want=$normal
  [ "$prog" = with_lib ] && want=$with_lib
  rc=0
  if [ "$arch" = aarch64 ]; then
    out=$("$ST_QEMU" -L "$sysroot" -E "LD_PRELOAD=$PWD/librr_below.so" "./$prog" 2> below.err) || rc=$?
  elif [ -n "$(st_i386_runner)" ] && [ "$arch" = i386 ]; then
    out=$("$(st_i386_runner)" -E "LD_PRELOAD=$PWD/librr_below.so" "./$prog" 2> below.err) || rc=$?
  elif command -v strace > /dev/null; then
    out=$(strace -o "$prog.strace" -e trace=mincore,openat env "LD_PRELOAD=$PWD/librr_below.so" \
      "./$prog" 2> below.err) || rc=$?
    grep -q 'mincore(0x7000[0f]000, [0-9]*, [^)]*) *= 0$' "$prog.strace" &&
      grep -q 'openat(AT_FDCWD, "/proc/self/auxv"' "$prog.strace" ||
      fail "$prog with rr's layout: the check did not read the program's headers: $(cat "$prog.strace")"
    saw_auxv=1
  else
    out=$(env "LD_PRELOAD=$PWD/librr_below.so" "./$prog" 2> below.err) || rc=$?
  fi
  [ "$rc" = 0 ] && [ "$out" = "$want" ] && [ ! -s below.err ] ||
    fail "$prog with rr's layout: exit $rc, '$out' ('$want' expected), stderr '$(cat below.err)'"
done
echo "ok: with rr's layout at start-up they run unchanged$([ $saw_auxv = 1 ] && echo ", after reading their headers")"

# Under valgrind's memcheck (how many projects run their tests: jq's
# suite does), alone and with rr's layout (then the check reads the
# program's headers): the check's system calls name only memory the
# process owns, so memcheck reports nothing.  The first version's msync
# of the unmapped range below the page was an error in every program.
# Where valgrind cannot run the plain build (no qemu; i386 needs a 32-bit
# libc6-dbg), skipped with its reason.
vg_reason=
if [ "$arch" = aarch64 ]; then
  vg_reason="valgrind does not run under qemu"
elif ! command -v valgrind > /dev/null; then
  vg_reason="valgrind is not installed"
elif ! valgrind -q --error-exitcode=97 ./normal_plain > /dev/null 2> vg_plain.err; then
  vg_reason="valgrind cannot run the plain $arch build: $(grep -m1 '[a-z]' vg_plain.err | sed 's/^valgrind: *//')"
fi
if [ -z "$vg_reason" ]; then
  for prog in "${built[@]}"; do
    want=$normal
    [ "$prog" = with_lib ] && want=$with_lib
    for layout in alone rr; do
      # A static glibc program is a memcheck error plain too (its
      # set_robust_list reads its TLS before valgrind knows it).
      [ "$prog" = normal_static ] && continue
      preload=()
      [ "$layout" = rr ] && preload=("LD_PRELOAD=$PWD/librr_below.so")
      rc=0
      out=$(env "${preload[@]}" valgrind -q --error-exitcode=97 "./$prog" 2> vg.err) || rc=$?
      [ "$rc" = 0 ] && [ "$out" = "$want" ] && [ ! -s vg.err ] ||
        fail "$prog under valgrind ($layout): exit $rc, '$out' ('$want' expected), stderr: $(cat vg.err)"
    done
  done
  echo "ok: under valgrind's memcheck they run clean, alone and with rr's layout"
else
  echo "skipped: under valgrind: $vg_reason"
fi

"${cc[@]}" "${aflags[@]}" "-I${ST_INCLUDE:?}" -O1 "$src/page_owner.c" -o page_owner ||
  fail "page_owner.c"
for what in alone rr wide neighbour; do
  rc=0
  run ./page_owner $what > owner.out 2> owner.err || rc=$?
  [ "$rc" = 0 ] && [ "$(cat owner.out)" = "went on" ] ||
    fail "$what: exit $rc, output '$(cat owner.out)', stderr '$(cat owner.err)'"
done
echo "ok: the initializer leaves pages others made alone, and marks none of its own"

"${cc[@]}" "${aflags[@]}" "-I${ST_INCLUDE:?}" -O1 "$src/maps_over_page.c" -o maps_over_page ||
  fail "maps_over_page.c"
if [ -n "$trace" ]; then
  rc=0
  "$trace" count -- ./maps_over_page > over.out 2> over.err || rc=$?
  cat over.err
  [ "$rc" = 4 ] || fail "maps over the page: softticks-trace exit $rc, 4 expected"
  grep -qi "countdown page" over.err || fail "maps over the page: no message"
  echo "ok: softticks-trace stops a program that maps over the page"
fi
