#!/usr/bin/env bash
# glibc's x86-64 string, memory and bignum assembly (Debian's source)
# through softticks-as: each file that preprocesses and assembles outside
# glibc's build gives an object with no tick-free cycle and the same
# instructions as the plain object but the ticks (and widened short
# branches); the stats of every file are summed.  At least 40 files.
# A file whose code computes addresses from labels is left as it is, with
# a warning (memmove-ssse3: label + 64 * k).
# Environment (CTest): ST_SAS ST_HERE ST_TICKFREE ST_REAL_AS ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
source "$ST_HERE/glibc_cpp.sh"
glibc_unpack
n=0 cpp_only=0 refused="" ticked=() pairs=()
: > stats.txt
for f in "$G"/sysdeps/x86_64/{add_n,sub_n,mul_1,addmul_1,submul_1,lshift,rshift}.S \
  "$G"/sysdeps/x86_64/multiarch/{memmove,memcpy,memset,strlen,strnlen,strchr,strrchr,memchr,rawmemchr,strcmp,strncmp,strcpy,stpcpy,memcmp,strcat,strspn,wcslen,wmemset}-*.S; do
  [ -f "$f" ] || continue
  b=$(basename "$f" .S)
  # Some files only build inside glibc (generated headers): not ours to judge.
  if ! glibc_cpp "$f" "$b.s" 2> /dev/null || ! "$ST_REAL_AS" --64 "$b.s" -o "$b.plain.o" 2> /dev/null; then
    cpp_only=$((cpp_only + 1))
    continue
  fi
  SOFTTICKS_AS_STATS=1 "$ST_SAS" --64 "$b.s" -o "$b.o" 2> "$b.err" || fail "$b: softticks-as failed"
  grep 'stats:' "$b.err" >> stats.txt
  if grep -q 'refused=1' "$b.err"; then
    # Left as it is (a computed code address), with the reason said.
    grep 'warning: a code address is computed' "$b.err" || fail "$b: refused without a reason"
    cmp <(objdump -d "$b.plain.o" | tail -n +3) <(objdump -d "$b.o" | tail -n +3) ||
      fail "$b: refused but changed"
    refused+=" $b"
    continue
  fi
  ticked+=("$b.o")
  pairs+=("$b.plain.o" "$b.o")
  n=$((n + 1))
done
# One checker run for all (a python start per file was most of the time).
python3 "$ST_TICKFREE" "${ticked[@]}" > cycles.txt || { cat cycles.txt; fail "tick-free cycles"; }
python3 "$ST_HERE/compare_insns.py" "${pairs[@]}" > compare.txt ||
  { grep -v 'instructions equal' compare.txt; fail "instructions differ"; }
awk '{ i += $2; t += $5; w += $8 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened\n", i, t, w }' compare.txt
echo "$n files instrumented ($cpp_only left out: they need glibc's own build)"
echo "left uninstrumented by softticks-as (computed code addresses):${refused:- none}"
awk '{for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
     END { for (k in sum) printf "%s=%s ", k, sum[k]; print "" }' stats.txt
[ "$n" -ge 40 ] || fail "only $n files"
echo PASS
