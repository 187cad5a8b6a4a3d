#!/usr/bin/env bash
# The instrumented glibc build under softticks-trace and softticks-inspect
# (opt-in, after build-and-test.sh --build-only; seconds):
#  - audit: every shared object of the build and every member of libc.a
#    with code is instrumented (one ABI note each), none inconsistent;
#  - a dynamic program run by the build's loader from its first
#    instruction, and a static one linked with the build's start files and
#    libc.a: output as expected, equal tick counts twice, ticks in ld.so and
#    in libc, `check` with 0 violations, `stop-at` at a tick in the loader
#    twice with equal registers.
#   docker/glibc/check-traced.sh GLIBC_BUILD [SOFTTICKS_BUILD]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 GLIBC_BUILD [SOFTTICKS_BUILD]" >&2; exit 2; }
g=$(cd "$1" && pwd)
st=${2:-build}
trace=$st/tools/softticks-trace
inspect=$st/tools/softticks-inspect
for f in "$g/elf/ld.so" "$g/libc.so" "$g/libc.a" "$trace" "$inspect"; do
  [ -e "$f" ] || { echo "check-traced: $f missing" >&2; exit 2; }
done
trace=$(cd "$(dirname "$trace")" && pwd)/softticks-trace
inspect=$(cd "$(dirname "$inspect")" && pwd)/softticks-inspect
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- audit ---
mapfile -t modules < <(find "$g" -name '*.so' -type f)
"$inspect" --json "${modules[@]}" > modules.json 2> modules.summary || true
mkdir members && (cd members && ar x "$g/libc.a")
"$inspect" --json members > members.json 2> members.summary || true
python3 - modules.json members.json << 'PY' || fail "audit"
import json, sys
bad = 0
for path in sys.argv[1:]:
    files = json.load(open(path))
    verdicts = {}
    for f in files:
        verdicts.setdefault(f["verdict"], []).append(f)
    # A member with no code at all (data, or nothing that ticks) carries no note, as the ABI says.
    notes = [f for f in files if f.get("verdict") == "instrumented" and f.get("abi_notes", 1) != 1]
    print(f"{path}: " + ", ".join(f"{k} {len(v)}" for k, v in sorted(verdicts.items())))
    for f in verdicts.get("inconsistent", []):
        print("  inconsistent:", f["path"], f.get("reasons"))
        bad += 1
    for f in notes:
        print("  more than one ABI note:", f["path"])
        bad += 1
sys.exit(1 if bad else 0)
PY
echo "ok: audit: no module or libc.a member inconsistent"
# Members without ticks that define functions: only what softticks-as left
# as it is (computed code addresses, docker/glibc/README.md); listed.
python3 -c '
import json, sys
print("\n".join(f["path"] for f in json.load(open(sys.argv[1])) if f["verdict"] != "instrumented"))' members.json |
  while read -r member; do
    if readelf -sW "$member" | awk '$4 == "FUNC" && $7 != "UND" && $3 > 0 { found = 1 } END { exit !found }'; then
      echo "note: libc.a member with functions and no ticks: ${member#members/}"
    fi
  done

printf '#include <stdio.h>\n#include <string.h>\nint main(void) { char b[64]; strcpy(b, "hello"); puts(b); return 0; }\n' > hello.c
gcc -O2 hello.c -o dynamic -Wl,--dynamic-linker="$g/elf/ld.so" -Wl,-rpath="$g:$g/math:$g/elf"
gcc -O2 -static -B"$g/csu/" -L"$g" hello.c -o static
for prog in dynamic static; do
  [ "$("./$prog")" = hello ] || fail "$prog: output"
  t1=$("$trace" count -- "./$prog" | grep '^ticks: ')
  t2=$("$trace" count -- "./$prog" | grep '^ticks: ')
  if [ "$t1" != "$t2" ] || [ "$t1" = "ticks: 0" ]; then fail "$prog: counts '$t1' and '$t2'"; fi
  "$trace" check -- "./$prog" > check.txt || fail "$prog: check: $(cat check.txt)"
  grep -q '^violations: 0$' check.txt || fail "$prog: $(cat check.txt)"
  "$trace" slices --every 1 --json -- "./$prog" | tail -1 > slices.json
  where=$(python3 -c '
import json, sys, collections
s = json.load(open("slices.json"))["slices"]
print(len(s), " ".join(f"{k}:{v}" for k, v in collections.Counter(x["function"] for x in s).most_common(3)))')
  echo "ok: $prog: prints hello, $t1 twice, check: $(grep -E '^(steps|instrumented_functions)' check.txt | tr '\n' ' ')0 violations; busiest: $where"
done
# Ticks in the loader and in libc (by module, from stop-at's report).
n=$("$trace" count -- ./dynamic | sed -n 's/^ticks: //p')
"$trace" stop-at 100 -- ./dynamic > s1.txt 2>&1 || true
"$trace" stop-at 100 -- ./dynamic > s2.txt 2>&1 || true
grep -q "^module: $g/elf/ld.so" s1.txt || fail "tick 100 is not in the loader: $(grep -E '^(function|module)' s1.txt)"
cmp -s s1.txt s2.txt || fail "stop-at 100 differs between two runs"
"$trace" stop-at "$n" -- ./dynamic > last.txt 2>&1 || true
grep -q "^module: $g/libc.so" last.txt || fail "the last tick ($n) is not in libc: $(grep -E '^(function|module)' last.txt)"
echo "ok: tick 100 is in the loader ($(sed -n 's/^function: //p' s1.txt)), equal twice; tick $n in libc ($(sed -n 's/^function: //p' last.txt))"
