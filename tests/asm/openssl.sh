#!/usr/bin/env bash
# OpenSSL's x86-64 perlasm assembly (libcrypto: sha1/sha256/sha512, ghash,
# aesni-gcm, x86_64-mont5 ... with their constant tables in .text) from
# Debian's source (apt-get source openssl: 3.0.x on Debian 12) through
# softticks-as (issue 27).  OpenSSL is configured like Debian's amd64 build
# (linux-x86_64 shared, Debian's CONFARGS less the install paths; asm on),
# built with the plain assembler and its own `make test` runs (all 257
# recipes, about 6.5 minutes a run here; SOFTTICKS_OSSL_TESTS=crypto runs
# the crypto algorithm subset below in seconds, any other value is given
# to make as TESTS).  Then every object assembled from a generated .s is assembled again
# through softticks-as (one make call per object, so that each one's
# SOFTTICKS_AS_STATS line and warnings are its own), the libraries and
# programs relinked and the same tests run again.  Required: the same
# result for every test; no file refused whole (each has ticks, refused=0);
# no open cycle; no tick-free cycle in the ticked objects; the instructions
# of each ticked object equal the plain one's but the ticks.  Then
# openssl_hot.c (SHA-256, AES-128-GCM, BN_mod_exp) runs against the ticked
# libcrypto.so: its results checked against Python's hashlib and pow and
# the plain library's, single-stepped under softticks-trace check with
# several OPENSSL_ia32cap masks (0 violations; the ticked functions that ran
# are listed per mask), and its cost measured (callgrind's Ir and wall time
# medians, plain and ticked libcrypto in the same run).
#
# Opt-in (it takes the better part of an hour on 2 cores): runs only with
# SOFTTICKS_ASM_REALWORLD=1, else skipped (77).  Skipped too when apt-get
# source fails (no deb-src entry or no mirror).  SOFTTICKS_OSSL_DIR=DIR
# works in DIR instead of the scratch directory and keeps it: stages whose
# result is there already are not redone (the plain build, its test run).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE ST_WORK
skip() { echo "SKIP: $*"; exit 77; }
[ "${SOFTTICKS_ASM_REALWORLD:-}" = 1 ] ||
  skip "opt-in: set SOFTTICKS_ASM_REALWORLD=1 (builds OpenSSL and runs its crypto tests twice: about an hour)"
source "$ST_HERE/../machine_code/lib.sh"
if [ -n "${SOFTTICKS_OSSL_DIR:-}" ]; then
  mkdir -p "$SOFTTICKS_OSSL_DIR"
  cd "$SOFTTICKS_OSSL_DIR"
fi
top=$(pwd)
cc=${ST_GCC:-gcc}
command -v gcc-12 > /dev/null && cc=gcc-12
command -v perl > /dev/null || skip "no perl (OpenSSL's Configure and perlasm)"

# The crypto algorithm tests (digests, ciphers with the modes, MACs, random,
# bignums and modular exponentiation, EC, RSA, DH, the EVP tests over all of
# test/recipes/30-test_evp_data) and a TLS test that moves records.
TESTS="test_sanity test_internal_bn test_internal_chacha test_internal_poly1305
  test_internal_modes test_internal_ec test_internal_curve448 test_internal_sm4
  test_bn test_exp test_sha test_rand test_cmac test_hmac test_mac test_bf test_cast
  test_des test_rc2 test_rc4 test_ige test_aesgcm test_evp test_evp_extra test_evp_kdf
  test_ec test_ecdsa test_rsa test_rsapss test_dh test_dsa test_enc test_dgst
  test_constant_time test_sslrecords"
TESTS=$(echo $TESTS)
case ${SOFTTICKS_OSSL_TESTS:-alltests} in
  crypto) ;;
  *) TESTS=${SOFTTICKS_OSSL_TESTS:-alltests} ;;
esac

if [ ! -e src/Configure ]; then
  apt-get source --download-only openssl > fetch.log 2>&1 || skip "apt-get source openssl failed (deb-src entry?)"
  rm -rf src
  dpkg-source -x openssl_*.dsc src > extract.log 2>&1 || { cat extract.log; fail "dpkg-source -x"; }
fi

# results LOG: one line per test recipe, its harness verdict.
results() {
  tr '\r' '\n' < "$1" | sed -nE 's/^([0-9]+-test_[A-Za-z0-9_]+)\.t \.+ ?(ok|skipped|Dubious|Failed|No subtests).*$/\1 \2/p' | sort -u
}

# Debian's CONFARGS (debian/rules) without the install paths, for amd64.
if [ ! -e make.plain.done ]; then
  rm -rf build
  mkdir build
  (cd build && ../src/Configure linux-x86_64 shared no-idea no-mdc2 no-rc5 no-zlib no-ssl3 \
      enable-unit-test no-ssl3-method enable-rfc3779 enable-cms no-capieng no-rdrand \
      enable-ec_nistp_64_gcc_128 CC="$cc" CFLAGS="-O2 -fstack-protector-strong -Wformat -Werror=format-security") \
    > configure.log 2>&1 || { tail -20 configure.log; fail "Configure"; }
  grep -q '"asm_arch" => "x86_64"' build/configdata.pm || fail "not configured for x86_64 assembly"
  (cd build && nice make -j2) > make.plain.log 2>&1 || { tail -20 make.plain.log; fail "plain build"; }
  touch make.plain.done
fi
cd build
if [ ! -e ../plain.results ]; then
  timeout 1800 nice make test HARNESS_JOBS=2 TESTS="$TESTS" > ../test.plain.log 2>&1 || true
  results ../test.plain.log > ../plain.results.tmp
  mv ../plain.results.tmp ../plain.results
fi
[ "$(wc -l < ../plain.results)" -ge 20 ] || { tail -30 ../test.plain.log; fail "only $(wc -l < ../plain.results) test results"; }

# OBJECT SOURCE: every object the Makefile assembles from a generated .s
# (libcrypto's static and shared objects, the legacy provider's, the padlock
# engine's); libssl has none.
grep -E '^[^ ]+\.o: [^ ]+\.s$' Makefile | sed 's/:$//; s/: / /' > ../asm_objects.txt
nobj=$(wc -l < ../asm_objects.txt)
[ "$nobj" -ge 60 ] || fail "only $nobj objects assembled from .s files"
mkdir -p ../plain ../ticked ../as ../plainlib
if [ ! -e ../plainlib/libcrypto.so.3 ]; then
  cp libcrypto.so.3 libcrypto.a ../plainlib/
fi
pairs=() ticked=()
while read -r obj src; do
  flat=${obj//\//_}
  # The plain object once (a rerun in a kept directory finds it saved).
  [ -e "../plain/$flat" ] || cp "$obj" "../plain/$flat"
  rm -f "$obj"
  SOFTTICKS_AS_STATS=1 nice make CC="$cc -B$ST_SAS_BIN/" "$obj" > "../as/$flat.log" 2>&1 ||
    { cat "../as/$flat.log"; fail "$obj through softticks-as"; }
  cp "$obj" "../ticked/$flat"
  pairs+=("../plain/$flat" "../ticked/$flat")
  ticked+=("../ticked/$flat")
done < ../asm_objects.txt

# Per file: its stats line, its warnings (units left alone), the checks.
: > ../stats.txt
: > ../warnings.txt
bad=0
while read -r obj src; do
  flat=${obj//\//_}
  st=$(grep -h 'stats:' "../as/$flat.log" || true)
  [ "$(grep -c 'stats:' <<< "$st")" = 1 ] || { cat "../as/$flat.log"; fail "$obj: not one softticks-as run"; }
  echo "$src $obj ${st#*stats: }" >> ../stats.txt
  grep -h 'warning' "../as/$flat.log" | sed "s|^|$obj: |" >> ../warnings.txt || true
  kv() { sed -nE "s/.* $1=([0-9]+).*/\1/p" <<< " ${st#*stats: }"; }
  if [ "$(kv refused)" != 0 ] || [ "$(kv ticks)" = 0 ]; then
    echo "REFUSED WHOLE: $src ($obj): ${st#*stats: }"
    bad=1
  fi
  if [ "$(kv cycles_open)" != 0 ]; then
    echo "OPEN CYCLES: $src ($obj): $(kv cycles_open)"
    grep -h 'cycles without a tick' "../as/$flat.log" || true
    bad=1
  fi
done < ../asm_objects.txt
echo "per source file (its first object; libcrypto's shlib one is the same):"
awk '$2 !~ /shlib/ && !seen[$1]++ { printf "  %-40s", $1; for (i = 3; i <= NF; i++) if ($i ~ /^(instructions|ticks|entry_ticks|cycle_ticks|flags_saved|cycles_found|cycles_open|widened|refused)=/) printf " %s", $i; print "" }' ../stats.txt
awk '{ for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] != "seconds") sum[kv[1]] += kv[2] } }
     END { printf "total over %d objects:", NR; for (k in sum) printf " %s=%s", k, sum[k]; print "" }' ../stats.txt
echo "units left alone (warnings): $(wc -l < ../warnings.txt)"
cat ../warnings.txt
[ "$bad" = 0 ] || fail "files refused whole or open cycles (above)"

python3 "$ST_TICKFREE" --from-entries "${ticked[@]}" > ../cycles.txt || { cat ../cycles.txt; fail "tick-free cycles"; }
echo "tick-free cycles: none; functions objdump cannot read, not checked statically: $(grep -c 'not checked' ../cycles.txt)"
sed 's/^/  /' ../cycles.txt
python3 "$ST_HERE/compare_insns.py" --from-entries "${pairs[@]}" > ../compare.txt ||
  { grep -v 'instructions equal' ../compare.txt; fail "instructions differ"; }
awk '{ i += $2; t += $5; w += $8; u += $12 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened, %d unreached (tables in .text)\n", i, t, w, u }' ../compare.txt

# Relink everything with the ticked objects; the same tests again.
nice make -j2 > ../make.ticked.log 2>&1 || { tail -20 ../make.ticked.log; fail "relink"; }
for lib in libcrypto.so.3 libcrypto.a; do
  [ "$(nm "$lib" | grep -c ' __rr_softticks_init$')" -gt 0 ] || fail "$lib holds no ticked object"
done
cmp -s libcrypto.so.3 ../plainlib/libcrypto.so.3 && fail "libcrypto.so.3 was not relinked"
# (a hang, e.g. a carry chain whose flags a tick clobbered, ends at 30 min)
timeout 1800 nice make test HARNESS_JOBS=2 TESTS="$TESTS" > ../test.ticked.log 2>&1 || true
results ../test.ticked.log > ../ticked.results
diff ../plain.results ../ticked.results || fail "the tests' results differ"
grep -q ' ok$' ../ticked.results || fail "no test passed"
echo "make test ($(wc -l < ../ticked.results) recipes): plain $(grep -c ' ok$' ../plain.results) ok," \
  "$(grep -c ' skipped$' ../plain.results) skipped, $(grep -Evc ' (ok|skipped)$' ../plain.results) failed;" \
  "ticked the same"
grep -E '^(Files|Result)' ../test.plain.log | sed 's/^/  plain:  /' || true
grep -E '^(Files|Result)' ../test.ticked.log | sed 's/^/  ticked: /' || true
grep -Ev ' (ok|skipped)$' ../plain.results | sed 's/^/  failing plain and ticked: /' || true

# The hot loops: openssl_hot against the ticked libcrypto.so (build/).
cd "$top"
"$cc" -O2 -I build/include -I src/include -o openssl_hot "$ST_HERE/openssl_hot.c" -L build -lcrypto ||
  fail "openssl_hot does not build"
export OPENSSL_CONF=/dev/null
# expected KB EBYTES: the SHA-256 and 3^E mod M that openssl_hot must print.
expected() {
  python3 - "$1" "$2" <<'EOF'
import hashlib, sys
n, eb = int(sys.argv[1]) * 1024, int(sys.argv[2])
buf = bytes((i * 31 + 7) & 255 for i in range(n))
m = int.from_bytes(buf[:256], "big") | (1 << 2047) | 1
e = int.from_bytes(buf[256:256 + eb], "big")
print("sha256", hashlib.sha256(buf).hexdigest())
r = format(pow(3, e, m), "X")
print("modexp", "0" * (len(r) % 2) + r)  # BN_bn2hex: whole bytes
EOF
}
# hot LIBDIR KB REPS EBYTES: runs openssl_hot with that libcrypto.
hot() { LD_LIBRARY_PATH=$1 ./openssl_hot "$2" "$3" "$4"; }
for lib in plainlib build; do
  hot "$lib" 1024 1 256 > "hot.$lib.out" || fail "openssl_hot with $lib"
done
diff hot.plainlib.out hot.build.out || fail "openssl_hot: plain and ticked libcrypto differ"
expected 1024 256 > hot.expected
diff <(grep -E '^(sha256|modexp) ' hot.build.out) hot.expected || fail "openssl_hot: wrong SHA-256 or modexp"

if [ -n "${ST_TRACE:-}" ]; then
  # Single-stepped: 64 KB of SHA-256, 8 KB of GCM, 40-byte exponents (the
  # same loops as above, fewer times round; BN_mod_exp_mont_consttime takes
  # x86_64-mont5's window-5 path from 307 exponent bits on).  OPENSSL_ia32cap masks: the
  # machine's own features; no SHA extensions (~bit 29 of CPUID 7 EBX);
  # no AVX (~bit 60) and no CPUID 7 features (AVX2, BMI, ADX, SHA, AVX512);
  # besides those no AESNI, PCLMULQDQ, SSSE3 (bits 57, 33, 41): the
  # integer code.
  expected 64 40 > hot.small.expected
  for mask in native ":~0x20000000" "~0x1000000000000000:0" "~0x1200020200000000:0"; do
    if [ "$mask" = native ]; then unset OPENSSL_ia32cap; else export OPENSSL_ia32cap=$mask; fi
    out=$(LD_LIBRARY_PATH=build "$ST_TRACE" check --json ./openssl_hot 64 1 40) || {
      echo "$out"
      fail "check with OPENSSL_ia32cap=$mask"
    }
    grep -E '^(sha256|modexp) ' <<< "$out" | diff - hot.small.expected || fail "wrong results under check ($mask)"
    line=$(tail -1 <<< "$out")
    echo "OPENSSL_ia32cap=$mask check: $(sed -E 's/"violations":\[[^]]*\],?//' <<< "$line")"
    [ "$(json_int violation_count <<< "$line")" = 0 ] || fail "violations with OPENSSL_ia32cap=$mask: $line"
    [ "$(json_int ticks <<< "$line")" -gt 0 ] || fail "no tick with OPENSSL_ia32cap=$mask"
    # Which ticked functions ran: the function of every tick.
    LD_LIBRARY_PATH=build "$ST_TRACE" slices --every 1 --json ./openssl_hot 64 1 40 | tail -1 |
      python3 -c '
import collections, json, sys
c = collections.Counter(s["function"] for s in json.load(sys.stdin)["slices"])
print("  ticked functions that ran:", ", ".join("%s %d" % kv for kv in sorted(c.items())))'
  done
  unset OPENSSL_ia32cap
fi

# Cost: callgrind's instructions (valgrind's own CPUID decides the paths)
# and wall time medians of 5 runs, plain and ticked, 1 MB of SHA-256.
if command -v valgrind > /dev/null; then
  for lib in plainlib build; do
    LD_LIBRARY_PATH=$lib valgrind --tool=callgrind --callgrind-out-file="callgrind.$lib" \
      ./openssl_hot 1024 1 256 > "cg.$lib.out" 2> "cg.$lib.err" || { tail "cg.$lib.err"; fail "callgrind $lib"; }
    diff "cg.$lib.out" hot.build.out > /dev/null || fail "openssl_hot under valgrind ($lib): other results"
  done
  ip=$(sed -n 's/^totals: //p' callgrind.plainlib) it=$(sed -n 's/^totals: //p' callgrind.build)
  echo "callgrind Ir: plain $ip ticked $it ratio $(python3 -c "print(round($it / $ip, 4))")"
fi
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for lib in plainlib build; do
  for i in 1 2 3 4 5; do
    s=$(date +%s%N)
    hot "$lib" 1024 1 256 > /dev/null
    echo $(( ($(date +%s%N) - s) / 1000 ))
  done | median > "wall.$lib"
done
echo "wall median (us): plain $(cat wall.plainlib) ticked $(cat wall.build)"
echo PASS
