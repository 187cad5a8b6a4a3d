#!/usr/bin/env bash
# docker/glibc/patches on Debian's glibc source (glibc-source), in the part
# that fits CI (the whole rebuild is opt-in: docker/glibc/README.md):
#  - they apply without fuzz;
#  - built with the instrumenting toolchain (the GCC plugin, softticks-as),
#    a program's _start (crt1.o, rcrt1.o) and the loader's entry (rtld.os)
#    call the countdown page's mapping before anything else, and that
#    function's bytes are the ABI initializer's (<rr/softticks.h>);
#  - the start files every program links (crt1.o, rcrt1.o, crti.o,
#    crtn.o; gcrt1.o with -pg) carry no tick and no ABI note: a program
#    built to opt out gets none from them;
#  - a small static program whose ifunc resolver ticks (program.c) dies of
#    SIGSEGV with Debian's start files, and with the patched ones prints
#    what it should (-static and -static-pie), maps the page in its first
#    system call, and counts equal ticks twice with 0 violations under
#    softticks-trace.
# Usage: startup.sh    (environment: ST_CC (gcc with the plugin),
# ST_SAS_DIR (softticks-as's -B directory), ST_TRACE, ST_INCLUDE (the
# project's include/), ST_WORK; ST_GLIBC_SRC: default /usr/src/glibc)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/scratch.sh"
: "${ST_CC:?}" "${ST_SAS_DIR:?}" "${ST_TRACE:?}" "${ST_INCLUDE:?}"
patches=$(cd "$here/../../docker/glibc/patches" && pwd)
glibc_src=${ST_GLIBC_SRC:-/usr/src/glibc}
tarball=$(find "$glibc_src" -maxdepth 1 -name 'glibc-*.tar.xz' 2> /dev/null | sort | sed -n 1p || true)
if [ -z "$tarball" ]; then
  echo "SKIP: no glibc source package in $glibc_src (apt-get install glibc-source)"
  exit 77
fi
command -v strace > /dev/null || fail "strace is missing (scripts/install-deps.sh installs it)"

# --- the patches apply ------------------------------------------------------
# glibc-source's tarball is the package's tree with Debian's patches
# already applied (debian/rules tars up the patched build tree), the
# version of the installed libc6.
tar -xJf "$tarball"
src=$(find "$PWD" -maxdepth 1 -type d -name 'glibc-*' | sed -n 1p)
while read -r patch _; do
  case $patch in '' | '#'*) continue ;; esac
  patch -d "$src" -p1 -s --no-backup-if-mismatch --fuzz=0 < "$patches/$patch" ||
    fail "docker/glibc/patches/$patch does not apply to $tarball"
done < "$patches/series"
echo "ok: docker/glibc/patches apply without fuzz to $(basename "$tarball") (glibc-source $(dpkg-query -W -f '${Version}' glibc-source 2> /dev/null || echo '?'))"

# --- the start files and the loader's entry, built as the image builds ------
cc="$ST_CC -B$ST_SAS_DIR"
mkdir build
(cd build && CC="$cc" "$src/configure" --prefix=/usr --disable-crypt --without-selinux \
  --enable-kernel=3.2 > configure.log 2>&1) || { tail -20 build/configure.log; fail "configure"; }
for target in csu/crt1.o csu/rcrt1.o csu/crti.o csu/crtn.o csu/gcrt1.o elf/rtld.os; do
  dir=${target%%/*}
  make -C "$src/$dir" objdir="$PWD/build" subdir="$dir" "$PWD/build/$target" > "make-${target//\//_}.log" 2>&1 ||
    { tail -20 "make-${target//\//_}.log"; fail "make $target"; }
done

# The ABI initializer's bytes, as the header gives them.
printf '#include <rr/softticks.h>\n__asm__(RR_SOFTTICKS_X86_64_INIT_ASM);\n' > abi_init.c
gcc -I "$ST_INCLUDE" -c abi_init.c -o abi_init.o
objcopy -O binary --only-section=.text.__rr_softticks_init abi_init.o abi_init.bin
[ -s abi_init.bin ] || fail "no initializer bytes from <rr/softticks.h>"

for object in build/csu/crt1.o build/csu/rcrt1.o build/elf/rtld.os; do
  objcopy -O binary --only-section=.text.__rr_softticks_map_page "$object" map_page.bin
  cmp -s map_page.bin abi_init.bin ||
    fail "$object: .text.__rr_softticks_map_page is not the ABI initializer's code"
  # The entry's instructions up to its first call: that call goes to the
  # mapping function, and nothing before it touches memory or ticks.
  objdump -dr --no-show-raw-insn "$object" > disassembly.txt
  awk '/^[0-9a-f]+ <_start>:/ { on = 1; next } on && /^$/ { exit } on' disassembly.txt > start.txt
  first_call=$(grep -n -m1 -E '\scall' start.txt | cut -d: -f1)
  [ -n "$first_call" ] || fail "$object: _start calls nothing"
  sed -n "$((first_call + 1))p" start.txt | grep '__rr_softticks_map_page' >/dev/null ||
    fail "$object: _start's first call is not to the mapping function: $(sed -n "${first_call},$((first_call + 1))p" start.txt)"
  head -n "$((first_call - 1))" start.txt | grep -vE '^\s+[0-9a-f]+:\s+(xor|mov)\s+%[a-z0-9]+,%[a-z0-9]+$' |
    grep . && fail "$object: _start does more than move registers before the mapping"
  echo "ok: $object: _start calls the ABI initializer's code first ($((first_call - 1)) register moves before it)"
done

for object in build/csu/crt1.o build/csu/rcrt1.o build/csu/crti.o build/csu/crtn.o build/csu/gcrt1.o; do
  readelf -SW "$object" | grep '\.note\.rrsoftticks' >/dev/null && fail "$object carries the ABI note"
  objdump -d "$object" | grep '0x70001800' >/dev/null && fail "$object has a tick: $(objdump -d "$object" | grep -B4 0x70001800 | sed -n 1,5p)"
  echo "ok: $object: no tick, no ABI note"
done

# --- a static program that ticks before any initializer ---------------------
gcc -O2 -static -I "$ST_INCLUDE" "$here/program.c" -o with_debian_crt1
set +e
./with_debian_crt1 > /dev/null 2>&1
status=$?
set -e
[ "$status" = 139 ] ||
  fail "with Debian's start files the resolver's tick should meet no page (SIGSEGV, 139), got exit $status"
echo "ok: with Debian's start files the program dies of SIGSEGV (the test can fail)"
expected="sum $((999 * 1000))"
for mode in -static -static-pie; do
  out=patched$mode
  gcc -O2 "$mode" -B build/csu/ -I "$ST_INCLUDE" "$here/program.c" -o "$out" || fail "$mode: link"
  got=$("./$out") || fail "$mode: exit $?"
  [ "$got" = "$expected" ] || fail "$mode: prints '$got', '$expected' expected"
  strace -o trace.txt "./$out" > /dev/null
  sed -n 2p trace.txt | grep '^mmap(0x70001000, 4096, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_FIXED_NOREPLACE, -1, 0)' >/dev/null ||
    fail "$mode: the first system call after execve is not the page's mmap: $(sed -n 2p trace.txt)"
  t1=$("$ST_TRACE" count -- "./$out" | grep '^ticks: ') || fail "$mode: traced run failed"
  t2=$("$ST_TRACE" count -- "./$out" | grep '^ticks: ')
  # 1001 ticks by hand (the resolver, 1000 iterations); Debian's libc.a
  # and the patched start files add none (start-files-carry-no-ticks.patch).
  [ "$t1" = "$t2" ] && [ "$t1" = "ticks: 1001" ] || fail "$mode: counts '$t1' and '$t2', 1001 expected"
  "$ST_TRACE" check -- "./$out" > check.txt || fail "$mode: softticks-trace check: $(cat check.txt)"
  grep -q '^violations: 0$' check.txt || fail "$mode: $(cat check.txt)"
  echo "ok: $mode: runs, maps the page in its first system call, $t1 twice, 0 violations"
done
