#!/usr/bin/env bash
# glibc's i386 assembly (Debian's glibc-source: sysdeps/i386, i586, i686
# and i686/multiarch: string and memory functions, the mpn carry chains)
# through softticks-as --32: each file that preprocesses and assembles
# outside glibc's build gives an object with no tick-free cycle and the
# same instructions as the plain one but the ticks (and their flag
# saves); files that compute code addresses from labels (add_n.S,
# sub_n.S: Loop-3+9k; memcpy-ssse3-rep.S: `.` after a jump-table label)
# are left as they are, with the warning.  At least 100 files.  Then the
# i686/multiarch string and memory functions and the mpn ones are linked
# into glibc/strings.c (-m32), which checks them against C references:
# the plain and the ticked objects print the same; under softticks-trace
# `check` finds 0 violations and two counts agree.
# Environment (CTest): ST_SAS ST_HERE ST_TICKFREE ST_REAL_AS ST_GCC ST_TRACE ST_WORK
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

# The functions run: each kind's variants from i686/multiarch, the mpn
# functions from sysdeps/i386 (one definition of each symbol).
cc=${ST_GCC:-gcc}
mkdir -p plain ticked
: > variants.h
for o in i386_i686_multiarch_{strlen,strnlen,strchr,strrchr,memchr,rawmemchr,strcmp,strcpy,stpcpy,memcmp,memmove,memset}-*.plain.o \
  i386_{add_n,sub_n,mul_1}.plain.o; do
  [ -f "$o" ] || continue
  b=${o%.plain.o}
  cp "$o" "plain/$b.o"
  cp "$b.o" "ticked/$b.o"
  for sym in $(nm --defined-only "$b.o" | awk '$2 == "T" { print $3 }'); do
    kind='' features=''
    case $sym in
      __strlen_*) kind=strlen ;; __strnlen_*) kind=strnlen ;;
      __strchr_*) kind=strchr ;; __strrchr_*) kind=strrchr ;;
      __memchr_*) kind=memchr ;; __rawmemchr_*) kind=rawmemchr ;;
      __strcmp_*) kind=strcmp ;; __memcmp_*) kind=memcmp ;;
      __strcpy_*) kind=strcpy ;; __stpcpy_*) kind=stpcpy ;;
      __memmove_chk_* | __mempcpy_chk_* | __memset_chk_*) ;;
      __memmove_*) kind=memmove ;; __mempcpy_*) kind=mempcpy ;; __memset_*) kind=memset ;;
      __mpn_add_n) kind=add_n ;; __mpn_sub_n) kind=sub_n ;; __mpn_mul_1) kind=mul_1 ;;
    esac
    [ -n "$kind" ] || continue
    case $sym in *sse4*) features=sse4_2 ;; *ssse3*) features=ssse3 ;; *sse2*) features=sse2 ;; esac
    echo "V($kind, $sym, \"$features\")" >> variants.h
  done
done
[ "$(wc -l < variants.h)" -ge 30 ] || fail "only $(wc -l < variants.h) variants"
"$cc" -m32 -O2 -no-pie -Wl,-z,noexecstack -I. "$ST_HERE/glibc/strings.c" plain/*.o -o strings.plain
"$cc" -m32 -O2 -no-pie -Wl,-z,noexecstack -I. "$ST_HERE/glibc/strings.c" ticked/*.o -o strings.ticked
./strings.plain 300 7 > plain.out || { tail -3 plain.out; fail "the plain objects fail their checks"; }
./strings.ticked 300 7 > ticked.out || { tail -3 ticked.out; fail "the instrumented objects fail their checks"; }
cmp plain.out ticked.out || fail "different results"
tail -1 ticked.out
if [ -n "${ST_TRACE:-}" ]; then
  check=$("$ST_TRACE" check --json ./strings.ticked 3 11 | tail -1)
  echo "check: $check"
  [ "$(json_int violation_count <<< "$check")" = 0 ] || fail "violations"
  c1=$("$ST_TRACE" count --json ./strings.ticked 40 5 | tail -1 | json_int ticks)
  c2=$("$ST_TRACE" count --json ./strings.ticked 40 5 | tail -1 | json_int ticks)
  echo "count: $c1 $c2"
  [ "$c1" -gt 0 ] && [ "$c1" = "$c2" ] || fail "counts $c1 and $c2"
fi
echo PASS
