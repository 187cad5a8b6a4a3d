#!/usr/bin/env bash
# glibc's i386 assembly (Debian's glibc-source: sysdeps/i386, i586, i686
# and i686/multiarch: string and memory functions, the mpn carry chains)
# through softticks-as --32: each file that preprocesses and assembles
# outside glibc's build gives an object with no tick-free cycle and the
# same instructions as the plain one but the ticks (and their flag
# saves); files that compute code addresses from labels (add_n.S,
# sub_n.S: Loop-3+9k) are left as they are, with the warning.  At least
# 100 files.  Assembled and checked only: no program runs them.
# Environment (CTest): ST_SAS ST_HERE ST_TICKFREE ST_REAL_AS ST_GCC ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
source "$ST_HERE/glibc_cpp.sh"
glibc_unpack
n=0 cpp_only=0 refused="" ticked=() pairs=()
: > stats.txt
for f in "$G"/sysdeps/i386/*.S "$G"/sysdeps/i386/i586/*.S "$G"/sysdeps/i386/i686/*.S \
  "$G"/sysdeps/i386/i686/multiarch/*.S; do
  b=$(echo "${f#"$G"/sysdeps/}" | tr / _)
  b=${b%.S}
  # Some files only build inside glibc (generated headers): not ours to judge.
  if ! glibc_cpp_i386 "$f" "$b.s" 2> /dev/null || ! "$ST_REAL_AS" --32 "$b.s" -o "$b.plain.o" 2> /dev/null; then
    cpp_only=$((cpp_only + 1))
    continue
  fi
  SOFTTICKS_AS_STATS=1 "$ST_SAS" --32 "$b.s" -o "$b.o" 2> "$b.err" || fail "$b: softticks-as failed"
  grep 'stats:' "$b.err" >> stats.txt
  if grep -q 'refused=1' "$b.err"; then
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
python3 "$ST_TICKFREE" "${ticked[@]}" > cycles.txt || { cat cycles.txt; fail "tick-free cycles"; }
python3 "$ST_HERE/compare_insns.py" "${pairs[@]}" > compare.txt ||
  { grep -v 'instructions equal' compare.txt; fail "instructions differ"; }
awk '{ i += $2; t += $5; w += $8 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened\n", i, t, w }' compare.txt
echo "$n files instrumented ($cpp_only left out: they need glibc's own build)"
echo "left uninstrumented by softticks-as (computed code addresses):${refused:- none}"
awk '{for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
     END { for (k in sum) printf "%s=%s ", k, sum[k]; print "" }' stats.txt
case " $refused " in *" i386_add_n "*) ;; *) fail "i386/add_n.S (a computed jump into its loop) was instrumented" ;; esac
[ "$n" -ge 100 ] || fail "only $n files"
echo PASS
