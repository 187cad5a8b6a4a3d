# shellcheck shell=bash
# Sourced: glibc's x86-64 assembly from Debian's glibc-source package
# ($ST_GLIBC_SRC, default /usr/src/glibc: glibc-*.tar.xz), unpacked into the scratch directory and
# preprocessed as glibc's build does for libc.so (MODULE_NAME=libc, SHARED),
# with the two generated headers it needs (config.h, libc-modules.h) reduced
# to what those files read.  Skips (77) when the source is not installed.
#   glibc_unpack            sets G (the tree) and fills cfg/ (cfg32/ for i386)
#   glibc_cpp FILE.S OUT.s  preprocesses one file
#   glibc_instrument_start, then
#   glibc_instrument CPP AS_FLAG FILE NAME   one file through softticks-as
#   glibc_verify            checks and reports what glibc_instrument made
#   glibc_variant_kind SYM  the function a variant's symbol implements
#   glibc_run_strings CFLAG...  links plain/*.o and ticked/*.o (with
#                           variants.h) into glibc/strings.c and runs both
#   glibc_cpp_i386 FILE.S OUT.s  the same for glibc's i386 build (-m32)
glibc_unpack() {
  local tarball
  tarball=$(find "${ST_GLIBC_SRC:-/usr/src/glibc}" -maxdepth 1 -name 'glibc-*.tar.xz' 2> /dev/null | sort | sed -n 1p || true)
  if [ -z "$tarball" ]; then
    echo "SKIP: no glibc source (apt-get install glibc-source)"
    exit 77
  fi
  # Only the directories the x86-64 assembly includes from (tar exits 2 for
  # a pattern it does not find; the files checked below are what matters).
  tar -xJf "$tarball" --wildcards 'glibc-*/sysdeps/x86_64/*' 'glibc-*/sysdeps/x86/*' \
    'glibc-*/sysdeps/generic/*' 'glibc-*/include/*' 'glibc-*/sysdeps/unix/*' \
    'glibc-*/string/*.h' 'glibc-*/bits/*' 'glibc-*/posix/*.h' 'glibc-*/misc/*.h' \
    'glibc-*/signal/*.h' 'glibc-*/stdlib/*.h' 'glibc-*/sysdeps/ieee754/*' 'glibc-*/elf/*.h' \
    'glibc-*/csu/*.h' 'glibc-*/sysdeps/i386/*' 'glibc-*/sysdeps/wordsize-32/*' 2> /dev/null || true
  G=$(find "$PWD" -maxdepth 1 -type d -name 'glibc-*' | sort | sed -n 1p)
  [ -f "$G/sysdeps/x86_64/add_n.S" ] || fail "glibc source unpacked without sysdeps/x86_64"
  mkdir -p cfg
  cat > cfg/config.h << 'CFG'
#define HAVE_X86_64 1
#define HAVE_AVX512_ASM_SUPPORT 1
#define HAVE_AVX2_SUPPORT 1
#define HAVE_TUNABLES 1
#define USE_MULTIARCH 1
#define PI_STATIC_AND_HIDDEN 1
CFG
  printf '#define MODULE_LIBS_BEGIN 0\n#define MODULE_libc 1\n' > cfg/libc-modules.h
  mkdir -p cfg32
  printf '#define HAVE_TUNABLES 1\n#define USE_MULTIARCH 1\n#define PI_STATIC_AND_HIDDEN 1\n' > cfg32/config.h
  cp cfg/libc-modules.h cfg32/
}

glibc_cpp() {
  local d inc=(-I cfg)
  for d in sysdeps/unix/sysv/linux/x86_64/64 sysdeps/unix/sysv/linux/x86_64 \
    sysdeps/unix/sysv/linux/x86 sysdeps/x86_64/multiarch sysdeps/unix/sysv/linux \
    sysdeps/unix/x86_64 sysdeps/unix sysdeps/x86_64 sysdeps/x86 sysdeps/ieee754 \
    sysdeps/generic include .; do
    inc+=(-I "$G/$d")
  done
  "${ST_GCC:-gcc}" -E -D__ASSEMBLER__ -DMODULE_NAME=libc -DSHARED -DPIC -DTOP_NAMESPACE=glibc \
    -include cfg/libc-modules.h -include "$G/include/libc-symbols.h" "${inc[@]}" \
    -x assembler-with-cpp "$1" -o "$2"
}

glibc_cpp_i386() {
  local d inc=(-I cfg32)
  for d in sysdeps/unix/sysv/linux/i386/i686 sysdeps/unix/sysv/linux/i386 \
    sysdeps/unix/sysv/linux/x86 sysdeps/i386/i686/multiarch sysdeps/i386/i686 sysdeps/i386/i586 \
    sysdeps/unix/sysv/linux sysdeps/unix/i386 sysdeps/unix sysdeps/i386 sysdeps/x86 \
    sysdeps/ieee754 sysdeps/wordsize-32 sysdeps/generic include .; do
    inc+=(-I "$G/$d")
  done
  "${ST_GCC:-gcc}" -m32 -E -D__ASSEMBLER__ -DMODULE_NAME=libc -DSHARED -DPIC -DTOP_NAMESPACE=glibc \
    -include cfg32/libc-modules.h -include "$G/include/libc-symbols.h" "${inc[@]}" \
    -x assembler-with-cpp "$1" -o "$2"
}

# glibc_instrument CPP AS_FLAG FILE NAME: FILE preprocessed by the function
# CPP into NAME.s, assembled plainly (NAME.plain.o) and through softticks-as
# (NAME.o, its statistics appended to stats.txt).  A file that does not
# build outside glibc's build is counted in cpp_only; one softticks-as
# leaves as it is must say why and be unchanged (refused); the others are
# collected in ticked and pairs for glibc_verify, after glibc_instrument_start.
glibc_instrument_start() {
  n=0 cpp_only=0 refused="" ticked=() pairs=()
  : > stats.txt
}
glibc_instrument() {
  local cpp=$1 flag=$2 f=$3 b=$4
  # Some files only build inside glibc (generated headers): not ours to judge.
  if ! "$cpp" "$f" "$b.s" 2> /dev/null || ! "$ST_REAL_AS" "$flag" "$b.s" -o "$b.plain.o" 2> /dev/null; then
    cpp_only=$((cpp_only + 1))
    return 0
  fi
  SOFTTICKS_AS_STATS=1 "$ST_SAS" "$flag" "$b.s" -o "$b.o" 2> "$b.err" || fail "$b: softticks-as failed"
  grep 'stats:' "$b.err" >> stats.txt
  if grep -q 'refused=1' "$b.err"; then
    # Left as it is (a computed code address), with the reason said.
    grep 'warning: a code address is computed' "$b.err" || fail "$b: refused without a reason"
    cmp <(objdump -d "$b.plain.o" | tail -n +3) <(objdump -d "$b.o" | tail -n +3) ||
      fail "$b: refused but changed"
    refused+=" $b"
    return 0
  fi
  ticked+=("$b.o")
  pairs+=("$b.plain.o" "$b.o")
  n=$((n + 1))
}

# glibc_verify: no tick-free cycle in any ticked object (one checker run
# for all: a python start per file was most of the time), the plain
# objects' instructions but the ticks, and the totals.
glibc_verify() {
  python3 "$ST_TICKFREE" "${ticked[@]}" > cycles.txt || { cat cycles.txt; fail "tick-free cycles"; }
  python3 "$ST_HERE/compare_insns.py" "${pairs[@]}" > compare.txt ||
    { grep -v 'instructions equal' compare.txt; fail "instructions differ"; }
  awk '{ i += $2; t += $5; w += $8 } END { printf "compared: %d instructions, %d ticks dropped, %d short branches widened\n", i, t, w }' compare.txt
  echo "$n files instrumented ($cpp_only left out: they need glibc's own build)"
  echo "left uninstrumented by softticks-as (computed code addresses):${refused:- none}"
  awk '{for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } }
       END { for (k in sum) printf "%s=%s ", k, sum[k]; print "" }' stats.txt
}

# glibc_run_strings [CFLAG...]: glibc/strings.c (which checks every variant
# listed in variants.h against a C reference) linked with plain/*.o and
# with ticked/*.o: both pass, print the same, and under softticks-trace
# (ST_TRACE) the ticked one has 0 violations and counts the same ticks twice.
# -m32: run natively or under qemu-i386, traced only natively (i386.sh).
glibc_run_strings() {
  local cc=${ST_GCC:-gcc} kind check c1 c2 arch=x86_64
  [ "${1:-}" = -m32 ] && arch=i386
  [ "$(wc -l < variants.h)" -ge 30 ] || fail "only $(wc -l < variants.h) variants"
  for kind in plain ticked; do
    "$cc" "$@" -O2 -no-pie -Wl,-z,noexecstack -I. "$ST_HERE/glibc/strings.c" "$kind"/*.o -o "strings.$kind"
  done
  st_i386_skips "$arch" run "running strings.plain and strings.ticked" && return 0
  for kind in plain ticked; do
    st_arch_run "$arch" "./strings.$kind" 300 7 > "$kind.out" ||
      { tail -3 "$kind.out"; fail "the $kind objects fail their checks"; }
  done
  cmp plain.out ticked.out || fail "different results"
  tail -1 ticked.out
  if [ -n "${ST_TRACE:-}" ] && ! st_i386_skips "$arch" ptrace "softticks-trace check and count"; then
    check=$("$ST_TRACE" check --json ./strings.ticked 3 11 | tail -1)
    echo "check: $check"
    [ "$(json_int violation_count <<< "$check")" = 0 ] || fail "violations"
    c1=$("$ST_TRACE" count --json ./strings.ticked 40 5 | tail -1 | json_int ticks)
    c2=$("$ST_TRACE" count --json ./strings.ticked 40 5 | tail -1 | json_int ticks)
    echo "count: $c1 $c2"
    if [ "$c1" -le 0 ] || [ "$c1" != "$c2" ]; then fail "counts $c1 and $c2"; fi
  fi
}

# glibc_variant_kind SYMBOL: which function of glibc/strings.c a variant's
# symbol implements (strlen, memmove, add_n...), nothing for the others
# (the _chk entry points).
glibc_variant_kind() {
  case $1 in
    __strlen_*) echo strlen ;; __strnlen_*) echo strnlen ;;
    __strchr_*) echo strchr ;; __strrchr_*) echo strrchr ;;
    __memchr_*) echo memchr ;; __rawmemchr_*) echo rawmemchr ;;
    __strcmp_*) echo strcmp ;; __memcmp_*) echo memcmp ;;
    __strcpy_*) echo strcpy ;; __stpcpy_*) echo stpcpy ;;
    __memmove_chk_* | __mempcpy_chk_* | __memset_chk_*) ;;
    __memmove_*) echo memmove ;; __mempcpy_*) echo mempcpy ;; __memset_*) echo memset ;;
    __mpn_add_n) echo add_n ;; __mpn_sub_n) echo sub_n ;; __mpn_mul_1) echo mul_1 ;;
  esac
}
