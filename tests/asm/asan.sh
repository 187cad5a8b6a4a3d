#!/usr/bin/env bash
# softticks-as built with AddressSanitizer and UBSan (softticks_as_asan,
# asm/CMakeLists.txt) over inputs that grow its tables; any sanitizer
# report ends the run (-fno-sanitize-recover=all, exit 86) and fails the test.
#   asan.sh aliases  3000 functions each followed by `.set aliasK, fK`
#                    (issue 30: a use after free in sas_graph_build)
# Skipped (77) without softticks_as_asan (the compiler has no sanitizers).
# Environment (CTest): ST_SAS_ASAN ST_HERE ST_WORK
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
  *)
    fail "usage: asan.sh aliases"
    ;;
esac
