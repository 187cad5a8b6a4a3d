#!/usr/bin/env bash
# A static program with its own _start (own_start.c, -nostdlib): without a
# tracer nothing maps the page, and its first tick dies of SIGSEGV; when
# its _start calls __rr_softticks_init first, as abi/ABI.md section 5 says
# such start-up code must, it runs.  Under softticks-trace the page is the
# tracer's and both run, counting the same ticks twice.
# Usage: own_start.sh ARCH    (environment: ST_TOOLCHAIN, the compiler's
# file, ../support/README.md: ST_CC, ST_TRACE; ST_WORK)
source "$(dirname "$0")/../support/scratch.sh"
arch=$1
: "${ST_CC:?}"
read -r -a cc <<< "$ST_CC"
aflags=()
[ "$arch" = i386 ] && aflags=(-m32)
src=$(dirname "$0")/own_start.c
build() { "${cc[@]}" "${aflags[@]}" -O1 -static -nostdlib -fno-stack-protector "$@" "$src"; }

build -o unmapped || fail "build without the call"
build -DMAP_FIRST -o mapped || fail "build with the call"

# i386: natively or under qemu-i386 (../support/i386.sh), whose SIGSEGV
# reaches bash the same way.
rc=0
st_arch_run "$arch" ./unmapped || rc=$?
[ "$rc" = 139 ] || fail "own _start without the call: exit $rc, 139 (SIGSEGV at the first tick) expected"
st_arch_run "$arch" ./mapped || fail "own _start calling the initializer: exit $?"
echo "ok: without a tracer only the start-up code that calls the initializer runs"

if [ -n "${ST_TRACE:-}" ] && ! st_i386_skips "$arch" ptrace "under the tracer"; then
  for prog in unmapped mapped; do
    t1=$("$ST_TRACE" count -- "./$prog" | grep -e '^ticks: ' -e '^exit_status: ' | tr '\n' ' ')
    t2=$("$ST_TRACE" count -- "./$prog" | grep -e '^ticks: ' -e '^exit_status: ' | tr '\n' ' ')
    [ "$t1" = "$t2" ] && [[ $t1 == *"exit_status: 0 "* ]] && [[ $t1 != "ticks: 0 "* ]] ||
      fail "$prog under the tracer: '$t1' then '$t2'"
  done
  echo "ok: under the tracer both run ($t1)"
fi
