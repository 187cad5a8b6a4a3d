#!/usr/bin/env bash
# softticks-as built with AddressSanitizer and UBSan (softticks_as_asan,
# asm/CMakeLists.txt) over inputs that grow its tables; any sanitizer
# report ends the run (-fno-sanitize-recover=all, exit 86) and fails the test.
#   asan.sh aliases  3000 functions each followed by `.set aliasK, fK`
#                    (issue 30: a use after free in sas_graph_build)
#   asan.sh corpus   every .s of the lit tests (tests/asm/*.s, Inputs/*.s)
#   asan.sh large    a generated unit of 10 MB+ (gen_large.py big): ASan
#                    build, then the plain one, the real assembler, and
#                    no tick in the opted-out function after 20000 sections
#   asan.sh cxx      a libstdc++-heavy C++ unit (cxx_unit.cc) at -O2 -g:
#                    through the ASan build, then g++ -B: the object has
#                    the plain object's instructions but the ticks
# Skipped (77) without softticks_as_asan (the compiler has no sanitizers).
# Environment (CTest): ST_SAS ST_SAS_ASAN ST_SAS_BIN ST_HERE ST_REAL_AS ST_GCC ST_WORK
source "$ST_HERE/../support/scratch.sh"
[ -n "${ST_SAS_ASAN:-}" ] || { echo "SKIP: no softticks_as_asan (no -fsanitize=address,undefined)"; exit 77; }
# Leaks are not looked for: main.c's argument arrays live as long as the run.
export ASAN_OPTIONS=halt_on_error=1:exitcode=86:detect_leaks=0:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1

# sas_asan OUT IN [OPTIONS...]: instruments IN into OUT; exit 0 or 1 (a
# refused input) are results, a sanitizer's report is a failure.
sas_asan() {
  local out=$1 in=$2 rc=0
  shift 2
  "$ST_SAS_ASAN" --softticks-emit="$out" "$@" "$in" 2> asan.err || rc=$?
  if grep -q -e "Sanitizer" -e "runtime error:" asan.err || [ "$rc" -gt 1 ]; then
    cat asan.err >&2
    fail "$in: sanitizer report or exit $rc"
  fi
  return "$rc"
}

# A sanity run: a sanitizer that cannot start here is a skip, not a finding.
echo "	ret" > sanity.s
"$ST_SAS_ASAN" --softticks-emit=sanity.out.s sanity.s 2> sanity.err ||
  { cat sanity.err; echo "SKIP: softticks_as_asan does not run here"; exit 77; }

case $1 in
  aliases)
    python3 "$ST_HERE/gen_large.py" aliases 3000 > aliases.s
    sas_asan aliases.out.s aliases.s
    grep -q "^\.L2999_0:;" aliases.out.s || fail "the last function's loop did not tick"
    echo "PASS: 3000 functions with .set aliases"
    ;;
  corpus)
    n=0
    for f in "$ST_HERE"/*.s "$ST_HERE"/Inputs/*.s; do
      for opts in "" "--softticks-report --softticks-stats" "--softticks-compiled" "--softticks-arch=aarch64"; do
        # shellcheck disable=SC2086
        sas_asan out.s "$f" $opts || true
      done
      n=$((n + 1))
    done
    echo "PASS: $n files, 4 option sets each"
    ;;
  large)
    python3 "$ST_HERE/gen_large.py" big 30000 > big.s
    bytes=$(stat -c %s big.s)
    [ "$bytes" -gt 10000000 ] || fail "big.s has only $bytes bytes"
    sas_asan big.asan.s big.s --softticks-stats
    cat asan.err
    "$ST_SAS" --softticks-emit=big.out.s big.s
    cmp -s big.asan.s big.out.s || fail "the ASan build writes other text than the plain one"
    "$ST_REAL_AS" --64 big.out.s -o big.o || fail "the instrumented unit does not assemble"
    { grep -q "^optout_loop:$" big.out.s && grep -q "^\.Loptout:$" big.out.s; } ||
      fail "the opted-out function (.text.__rr_softticks_x) ticks"
    echo "PASS: $bytes bytes"
    ;;
  cxx)
    gxx=${ST_GCC:-gcc}
    gxx=${gxx/gcc/g++}
    "$gxx" -std=c++17 -O2 -g -S "$ST_HERE/Inputs/cxx_unit.cc" -o cxx.s
    echo "cxx.s: $(stat -c %s cxx.s) bytes"
    sas_asan cxx.asan.s cxx.s --softticks-stats
    cat asan.err
    # Every function is an entry and ticks, mangled names of 256+
    # characters too (their labels were skipped before issue 30), but for
    # the lone exits (asm/place.c: a first instruction that is a ret or a
    # jump out of the file), which must not.
    awk '$1 == ".type" && $3 == "@function" { sub(/,$/, "", $2); fn[$2 ":"] = 1 }
         END { for (f in fn) print f }' cxx.s | sort > all_functions
    awk 'NR == FNR {
           if ($1 == ".type" && $3 == "@function") { sub(/,$/, "", $2); fn[$2] = 1 }
           if ($0 ~ /^[^ \t#].*:$/) def[substr($0, 1, length($0) - 1)] = 1
           next
         }
         $0 ~ /^[^ \t#].*:$/ { l = substr($0, 1, length($0) - 1); if (l in fn) pending = l; next }
         pending != "" && NF > 0 && $1 !~ /^[.#]/ {
           if ($1 ~ /^ret/ || ($1 ~ /^jmp/ && ($2 ~ /^\*/ || $2 ~ /@PLT$/ || !($2 in def))))
             print pending ":"
           pending = ""
         }' cxx.s cxx.s | sort > lone
    comm -23 all_functions lone > functions
    # (a tick right after the label, or a flag save and then the tick:
    # a thunk that tail-jumps out of the file with the flags untouched)
    awk -F';' 'NF > 1 && ($2 ~ /^testb/ || ($2 ~ /^lea -128/ && $0 ~ /;testb/)) { print $1 }' \
      cxx.asan.s | sort > ticked
    missing=$(comm -23 functions ticked | wc -l)
    [ "$missing" = 0 ] || fail "$missing functions without an entry tick: $(comm -23 functions ticked | cut -c1-80 | sed -n 1,3p)"
    ticked_lone=$(comm -12 lone ticked | wc -l)
    [ "$ticked_lone" = 0 ] || fail "$ticked_lone lone exits tick: $(comm -12 lone ticked | sed -n 1,3p)"
    echo "$(wc -l < functions) functions, each ticks; $(wc -l < lone) lone exits, none ticks"
    "$gxx" -std=c++17 -O2 -g -c "$ST_HERE/Inputs/cxx_unit.cc" -o plain.o
    "$gxx" -std=c++17 -B "$ST_SAS_BIN/" -O2 -g -c "$ST_HERE/Inputs/cxx_unit.cc" -o ticked.o
    [ -s ticked.o ] || fail "no object"
    python3 "$ST_HERE/compare_insns.py" plain.o ticked.o || fail "instructions differ"
    ;;
  *)
    fail "usage: asan.sh aliases|corpus|large|cxx"
    ;;
esac
