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
glibc_instrument_start
for f in "$G"/sysdeps/i386/*.S "$G"/sysdeps/i386/i586/*.S "$G"/sysdeps/i386/i686/*.S \
  "$G"/sysdeps/i386/i686/multiarch/*.S; do
  b=$(echo "${f#"$G"/sysdeps/}" | tr / _)
  glibc_instrument glibc_cpp_i386 --32 "$f" "${b%.S}"
done
glibc_verify
case " $refused " in *" i386_add_n "*) ;; *) fail "i386/add_n.S (a computed jump into its loop) was instrumented" ;; esac
[ "$n" -ge 100 ] || fail "only $n files"

# The functions run: each kind's variants from i686/multiarch, the mpn
# functions from sysdeps/i386 (one definition of each symbol).
mkdir -p plain ticked
: > variants.h
for o in i386_i686_multiarch_{strlen,strnlen,strchr,strrchr,memchr,rawmemchr,strcmp,strcpy,stpcpy,memcmp,memmove,memset}-*.plain.o \
  i386_{add_n,sub_n,mul_1}.plain.o; do
  [ -f "$o" ] || continue
  b=${o%.plain.o}
  cp "$o" "plain/$b.o"
  cp "$b.o" "ticked/$b.o"
  for sym in $(nm --defined-only "$b.o" | awk '$2 == "T" { print $3 }'); do
    kind=$(glibc_variant_kind "$sym") features=''
    [ -n "$kind" ] || continue
    case $sym in *sse4*) features=sse4_2 ;; *ssse3*) features=ssse3 ;; *sse2*) features=sse2 ;; esac
    echo "V($kind, $sym, \"$features\")" >> variants.h
  done
done
glibc_run_strings -m32
echo PASS
