#!/usr/bin/env bash
# glibc's string, memory and bignum functions (Debian's glibc-source)
# assembled through softticks-as and linked into glibc/strings.c, which
# checks every variant this CPU runs against C references over random
# sizes, alignments, overlaps and page ends.  The same program with the
# plain objects prints the same; under softticks-trace `check` finds 0
# violations and two `count` runs agree.
# Environment (CTest): ST_SAS ST_HERE ST_REAL_AS ST_GCC ST_TRACE ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
source "$ST_HERE/glibc_cpp.sh"
glibc_unpack
mkdir -p plain ticked
: > variants.h
for f in "$G"/sysdeps/x86_64/{add_n,sub_n,mul_1}.S \
  "$G"/sysdeps/x86_64/multiarch/{memmove,memset,strlen,strnlen,strchr,strrchr,memchr,rawmemchr,strcmp,strcpy,stpcpy,memcmp}-*.S; do
  b=$(basename "$f" .S)
  glibc_cpp "$f" "$b.s" 2> /dev/null && "$ST_REAL_AS" --64 "$b.s" -o "plain/$b.o" 2> /dev/null ||
    continue
  "$ST_SAS" --64 "$b.s" -o "ticked/$b.o" || fail "$b: softticks-as failed"
  for sym in $(nm --defined-only "ticked/$b.o" | awk '$2 == "T" { print $3 }'); do
    kind=$(glibc_variant_kind "$sym") features=''
    [ -n "$kind" ] || continue
    case $sym in *evex* | *avx512*) features="avx512vl avx512bw bmi2" ;; *avx2* | *avx_*) features="avx2 bmi2" ;; esac
    case $sym in *rtm*) features+=" rtm" ;; esac
    case $sym in *movbe*) features+=" movbe" ;; esac
    case $sym in *sse4_2*) features+=" sse4_2" ;; *ssse3*) features+=" ssse3" ;; esac
    echo "V($kind, $sym, \"$features\")" >> variants.h
  done
done
glibc_run_strings -m64
echo PASS
