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
glibc_instrument_start
for f in "$G"/sysdeps/x86_64/{add_n,sub_n,mul_1,addmul_1,submul_1,lshift,rshift}.S \
  "$G"/sysdeps/x86_64/multiarch/{memmove,memcpy,memset,strlen,strnlen,strchr,strrchr,memchr,rawmemchr,strcmp,strncmp,strcpy,stpcpy,memcmp,strcat,strspn,wcslen,wmemset}-*.S; do
  [ -f "$f" ] || continue
  glibc_instrument glibc_cpp --64 "$f" "$(basename "$f" .S)"
done
glibc_verify
[ "$n" -ge 40 ] || fail "only $n files"
echo PASS
