#!/usr/bin/env bash
# libffi's x86-64 assembly (src/x86/unix64.S, win64.S: ffi_call_unix64,
# the closure trampolines, return-type slots placed by .org) from Debian's
# source (apt-get source libffi) through softticks-as.  libffi is
# configured and built once with the plain assembler (static) and its own
# DejaGnu testsuite runs (make check); then only the objects of its .S
# files are assembled again through the tool, libffi.a relinked, and the
# testsuite runs again: the same PASS/FAIL/UNSUPPORTED lines of
# libffi.sum.  Each ticked object has the instructions of the plain one
# but the ticks and no tick-free cycle; no file is refused (0 refusals, 0
# open cycles in SOFTTICKS_AS_STATS); one function is left alone (the
# static trampolines: asm/README.md).  Then tests/asm/programs/ffi_loop.c
# (ffi_call and a closure in a loop) linked with the ticked library runs
# under softticks-trace check: 0 violations; and, built with the GCC
# plugin against a libffi whose C is built with the plugin too, under
# check --untracked: 0 violations.
# The testsuite takes about 10 minutes a run on 2 shared cores (twice
# here): opt-in, SOFTTICKS_ASM_REALWORLD=1; skipped (77) otherwise, without
# runtest (dejagnu) or when apt-get source fails (no deb-src entry or no
# mirror).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE
# ST_GCC_PLUGIN ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
# shellcheck source=autotools_plain.sh
source "$ST_HERE/autotools_plain.sh"
skip() { echo "SKIP: $*"; exit 77; }
cc=${ST_GCC:-gcc}
[ "${SOFTTICKS_ASM_REALWORLD:-0}" = 1 ] ||
  skip "libffi's testsuite runs twice, about 20 minutes: set SOFTTICKS_ASM_REALWORLD=1"
command -v runtest > /dev/null || skip "no runtest (dejagnu: libffi's testsuite)"
apt-get source --download-only libffi > fetch.log 2>&1 || skip "apt-get source libffi failed (deb-src entry?)"
dpkg-source -x libffi_*.dsc src > extract.log 2>&1 || { cat extract.log; fail "dpkg-source -x"; }

# results: libffi.sum's result lines, sorted (a test's name may repeat with
# its options; sort keeps the counts).
results() {
  grep -hE '^(PASS|FAIL|XPASS|XFAIL|UNSUPPORTED|UNRESOLVED|UNTESTED|ERROR|KFAIL|KPASS):' \
    testsuite/libffi.sum | LC_ALL=C sort
}

plain_build_and_check "$cc"
cp .libs/libffi.a ../libffi.plain.a

# The assembly objects again, through softticks-as (gcc -B finds its `as`).
mkdir -p ../plain ../ticked
asm=()
for s in $(cd ../src && find src -name '*.S' | sort); do
  o=${s%.S}.o
  [ -f "$o" ] || continue # another target's file (sysv.S: i386)
  b=$(basename "$o" .o)
  mv "$o" "../plain/$b.o"
  rm -f "${s%.S}.lo"
  asm+=("$b")
done
[ "${#asm[@]}" -ge 2 ] || fail "only ${#asm[@]} assembly objects (unix64, win64 expected)"
# libffi's Makefile empties MAKEOVERRIDES, so its recursive `all` drops a
# CCAS given on the command line: the objects are made here, by name,
# then `make` relinks libffi.a with them.
los=()
for s in $(cd ../src && find src -name '*.S' | sort); do
  for b in "${asm[@]}"; do [ "$(basename "$s" .S)" = "$b" ] && los+=("${s%.S}.lo"); done
done
{ SOFTTICKS_AS_STATS=1 nice make -j2 CCAS="$cc -B$ST_SAS_BIN/" "${los[@]}" && nice make -j2; } > ../make.ticked.log 2>&1 ||
  { tail -20 ../make.ticked.log; fail "build through softticks-as"; }
grep -h 'stats:' ../make.ticked.log > ../stats.txt || true
[ "$(wc -l < ../stats.txt)" = "${#asm[@]}" ] ||
  fail "$(wc -l < ../stats.txt) softticks-as runs for ${#asm[@]} assembly files"
pairs=() ticked=()
for b in "${asm[@]}"; do
  o=$(find src -name "$b.o")
  cp "$o" "../ticked/$b.o"
  pairs+=("../plain/$b.o" "../ticked/$b.o")
  ticked+=("../ticked/$b.o")
  [ "$(nm "../ticked/$b.o" | grep -c ' __rr_softticks_init$')" -gt 0 ] || fail "$b.o holds no ticks (refused?)"
done
[ "$(nm .libs/libffi.a | grep -c ' __rr_softticks_init$')" -gt 0 ] || fail "libffi.a holds no ticked object"
python3 "$ST_TICKFREE" "${ticked[@]}" > ../cycles.txt || { cat ../cycles.txt; fail "tick-free cycles"; }
python3 "$ST_HERE/compare_insns.py" "${pairs[@]}" > ../compare.txt ||
  { grep -v 'instructions equal' ../compare.txt; fail "instructions differ"; }
# Per file: the stats line, and no refusal, no open cycle, some ticks.
paste -d' ' <(printf '%s\n' "${asm[@]}") ../stats.txt |
  awk '{ printf "%s:", $1; for (i = 4; i <= NF; i++) if ($i ~ /^(ticks|entry_ticks|cycle_ticks|flags_saved|cycles_open|refused|lone_exits|widened)=/) printf " %s", $i; print "" }'
awk '{ for (i = 3; i <= NF; i++) { split($i, kv, "="); if ((kv[1] == "refused" || kv[1] == "cycles_open") && kv[2] != 0) bad = bad " " $i; if (kv[1] == "ticks" && kv[2] == 0) bad = bad " ticks=0" } }
     END { if (bad != "") { print "softticks-as:" bad; exit 1 } }' ../stats.txt || fail "refusals, open cycles or no ticks"
# One function is left alone, as it must be (asm/README.md): the static
# trampolines (trampoline_code_table: each reads `4081(%rip)`, the page
# mapped after its own).  Any other warning fails.
grep 'softticks-as: warning' ../make.ticked.log | sed 's/^[^:]*:[0-9]*: //' | sort -u > ../warnings.txt || true
cat ../warnings.txt
grep -v 'function trampoline_code_table is not instrumented$' ../warnings.txt && fail "softticks-as warned"

# libffi's testsuite again: each test is compiled and linked with the new libffi.a.
rm -f testsuite/libffi.sum testsuite/libffi.log
nice make -j2 check > ../check.ticked.log 2>&1 || { tail -40 ../check.ticked.log; fail "make check with ticks"; }
results > ../ticked.results
diff ../plain.results ../ticked.results || fail "the testsuite's results differ"
grep -q '^PASS:' ../ticked.results || fail "no test passed"
grep -Eq '^(FAIL|XPASS|UNRESOLVED|ERROR):' ../ticked.results && fail "tests fail"
cp .libs/libffi.a ../libffi.ticked.a

awk '{ i += $2; t += $5; w += $8 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened\n", i, t, w }' ../compare.txt
echo "${#asm[@]} assembly objects; testsuite: $(grep -c '^PASS:' ../ticked.results) PASS, $(grep -c '^UNSUPPORTED:' ../ticked.results) UNSUPPORTED, plain and ticked"
awk '{for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
     END { for (k in sum) if (k != "seconds") printf "%s=%s ", k, sum[k]; print "" }' ../stats.txt

# ffi_call and a closure in a loop: the same sums as direct calls, plain and ticked.
cd ..
prog=$ST_HERE/programs/ffi_loop.c
"$cc" -O2 -Ibuild/include "$prog" libffi.plain.a -o ffi_loop.plain || fail "ffi_loop (plain)"
"$cc" -O2 -Ibuild/include "$prog" libffi.ticked.a -o ffi_loop.ticked || fail "ffi_loop (ticked)"
./ffi_loop.plain > loop.plain.out || fail "ffi_loop (plain library) differs from direct calls"
./ffi_loop.ticked > loop.ticked.out || fail "ffi_loop (ticked library) differs from direct calls"
cmp loop.plain.out loop.ticked.out || fail "ffi_loop prints other sums with ticks"
if [ -n "${ST_TRACE:-}" ]; then
  trace_proof "ffi_loop 1000" ./ffi_loop.ticked 1000
  [ "$(json_int steps <<< "$TRACE_CHECK")" -gt 0 ] || fail "ffi_loop: nothing stepped"
  if [ -n "${ST_GCC_PLUGIN:-}" ]; then
    # Every function of the program ticks: libffi's C through the plugin,
    # its assembly through softticks-as, ffi_loop.c through the plugin.
    mkdir all
    (cd all && ../src/configure --build=x86_64-pc-linux-gnu --disable-shared \
       CC="$cc -fplugin=$ST_GCC_PLUGIN -B$ST_SAS_BIN/" > ../configure.all.log 2>&1 &&
       nice make -j2 > ../make.all.log 2>&1) || { tail -20 make.all.log; fail "libffi built with the plugin"; }
    "$cc" -fplugin="$ST_GCC_PLUGIN" -O2 -Iall/include "$prog" all/.libs/libffi.a -o ffi_loop.all ||
      fail "ffi_loop (plugin)"
    ./ffi_loop.all > loop.all.out || fail "ffi_loop (all ticked) differs from direct calls"
    cmp loop.plain.out loop.all.out || fail "ffi_loop (all ticked) prints other sums"
    u=$("$ST_TRACE" check --json --untracked ./ffi_loop.all 1000 | tail -1)
    echo "ffi_loop (all ticked) check --untracked: $u"
    [ "$(json_int violation_count <<< "$u")" = 0 ] || fail "ffi_loop --untracked: violations"
  fi
fi
echo PASS
