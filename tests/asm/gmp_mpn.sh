#!/usr/bin/env bash
# GMP's x86-64 assembly (mpn/x86_64: add_n, addmul_1, mul_basecase, ...:
# adc/sbb carry chains carried across loop heads) from Debian's source
# (apt-get source gmp) through softticks-as.  GMP is configured and built
# once with the plain assembler and its own `make check` runs; then only
# the objects of its .asm files are assembled again through the tool,
# libgmp.a relinked, and `make check` runs again.  Each ticked object has
# the instructions of the plain one but the ticks and no tick-free cycle;
# both runs pass the same tests; two test programs and programs/gmp_mul.c
# (mpn_mul on 300x200 limbs, checked against a schoolbook product) run
# under softticks-trace check (0 violations) and count (twice the same
# ticks).
# Skipped (77) without m4 or when apt-get source fails (no deb-src entry
# or no mirror).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
# shellcheck source=autotools_plain.sh
source "$ST_HERE/autotools_plain.sh"
skip() { echo "SKIP: $*"; exit 77; }
cc=${ST_GCC:-gcc}
command -v m4 > /dev/null || skip "no m4 (GMP's assembly is m4 source)"
apt-get source --download-only gmp > fetch.log 2>&1 || skip "apt-get source gmp failed (deb-src entry?)"
dpkg-source -x gmp_*.dsc src > extract.log 2>&1 || { cat extract.log; fail "dpkg-source -x"; }
# Debian's dfsg tarball drops doc/; its patch drops doc/ from Makefile.am
# and configure.ac, but configure and Makefile.in are not regenerated.
mkdir -p src/doc
printf '.DEFAULT:\n\t@:\nall check install:\n\t@:\n' > src/doc/Makefile.in

# results DIR: one line per test program, its automake result.
results() { find tests -name '*.trs' | sort | xargs grep -H ':test-result:' | sed 's/\.trs:/ /'; }

plain_build_and_check "$cc"
# mpn_mul on a few hundred limbs (Toom over mul_basecase, add_n, sub_n...),
# checked against a schoolbook product, with the plain library.
"$cc" -O2 -I. "$ST_HERE/programs/gmp_mul.c" .libs/libgmp.a -o ../gmp_mul.plain || fail "gmp_mul (plain)"
../gmp_mul.plain 3 > ../gmp_mul.plain.out || fail "gmp_mul (plain library): products differ"
cp .libs/libgmp.a ../libgmp.plain.a

# The assembly objects again, through softticks-as (gcc -B finds its `as`).
mkdir -p ../plain ../ticked
asm=()
for a in mpn/*.asm; do
  b=$(basename "$a" .asm)
  mv "mpn/$b.o" "../plain/$b.o"
  rm -f "mpn/$b.lo"
  asm+=("$b")
done
[ "${#asm[@]}" -ge 40 ] || fail "only ${#asm[@]} assembly files in mpn/"
SOFTTICKS_AS_STATS=1 nice make -j2 CCAS="$cc -B$ST_SAS_BIN/ -c" > ../make.ticked.log 2>&1 ||
  { tail -20 ../make.ticked.log; fail "build through softticks-as"; }
grep -h 'stats:' ../make.ticked.log > ../stats.txt || true
[ "$(wc -l < ../stats.txt)" = "${#asm[@]}" ] ||
  fail "$(wc -l < ../stats.txt) softticks-as runs for ${#asm[@]} assembly files"
pairs=() ticked=()
for b in "${asm[@]}"; do
  cp "mpn/$b.o" "../ticked/$b.o"
  pairs+=("../plain/$b.o" "../ticked/$b.o")
  ticked+=("../ticked/$b.o")
done
# (grep -c reads all: with grep -q, nm may die of SIGPIPE and pipefail fail)
[ "$(nm .libs/libgmp.a | grep -c ' __rr_softticks_init$')" -gt 0 ] || fail "libgmp.a holds no ticked object"
python3 "$ST_TICKFREE" "${ticked[@]}" > ../cycles.txt || { cat ../cycles.txt; fail "tick-free cycles"; }
python3 "$ST_HERE/compare_insns.py" "${pairs[@]}" > ../compare.txt ||
  { grep -v 'instructions equal' ../compare.txt; fail "instructions differ"; }

# The project's own tests again: make check relinks them with the new libgmp.a.
find tests -name '*.trs' -delete
nice make -j2 check > ../check.ticked.log 2>&1 || { tail -40 ../check.ticked.log; fail "make check with ticks"; }
results > ../ticked.results
diff ../plain.results ../ticked.results || fail "the tests' results differ"
grep -q ':test-result: PASS' ../ticked.results || fail "no test passed"
grep -Eq ':test-result: (FAIL|ERROR)' ../ticked.results && fail "tests fail"
[ "$(nm tests/mpz/t-tdiv | grep -c ' __rr_softticks_init$')" = 1 ] || fail "tests/mpz/t-tdiv is not linked with the ticked objects"

"$cc" -O2 -I. "$ST_HERE/programs/gmp_mul.c" .libs/libgmp.a -o ../gmp_mul.ticked || fail "gmp_mul (ticked)"
[ "$(nm ../gmp_mul.ticked | grep -c ' __rr_softticks_init$')" = 1 ] || fail "gmp_mul is not linked with the ticked objects"
../gmp_mul.ticked 3 > ../gmp_mul.ticked.out || fail "gmp_mul (ticked library): products differ"
cmp ../gmp_mul.plain.out ../gmp_mul.ticked.out || fail "gmp_mul prints another checksum with ticks"
cp .libs/libgmp.a ../libgmp.ticked.a

awk '{ i += $2; t += $5; w += $8 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened\n", i, t, w }' ../compare.txt
echo "${#asm[@]} assembly objects; make check: $(grep -c ':test-result: PASS' ../ticked.results) tests pass, plain and ticked"
awk '{for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
     END { for (k in sum) printf "%s=%s ", k, sum[k]; print "" }' ../stats.txt

if [ -n "${ST_TRACE:-}" ]; then
  # Single-stepped, so with few repetitions (the first argument): t-gcd_22
  # (gcd_22's loop, its tail call to gcd_11), t-tdiv (divrem_1, submul_1,
  # addmul_1, mul_basecase through mpz_tdiv_qr).
  for prog in "tests/mpn/t-gcd_22 20" "tests/mpz/t-tdiv 2"; do
    read -ra cmd <<< "$prog"
    trace_proof "$prog" "${cmd[@]}"
  done
  # mpn_mul's hot loops, single-stepped: one 300x200-limb product.
  trace_proof "gmp_mul 1" ../gmp_mul.ticked 1
fi
echo PASS
