# shellcheck shell=bash
# Sourced: glibc's x86-64 assembly from Debian's glibc-source package
# ($ST_GLIBC_SRC, default /usr/src/glibc: glibc-*.tar.xz), unpacked into the scratch directory and
# preprocessed as glibc's build does for libc.so (MODULE_NAME=libc, SHARED),
# with the two generated headers it needs (config.h, libc-modules.h) reduced
# to what those files read.  Skips (77) when the source is not installed.
#   glibc_unpack            sets G (the tree) and fills cfg/ (cfg32/ for i386)
#   glibc_cpp FILE.S OUT.s  preprocesses one file
#   glibc_cpp_i386 FILE.S OUT.s  the same for glibc's i386 build (-m32)
glibc_unpack() {
  local tarball
  tarball=$(find "${ST_GLIBC_SRC:-/usr/src/glibc}" -maxdepth 1 -name 'glibc-*.tar.xz' 2> /dev/null | sort | head -1 || true)
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
  G=$(find "$PWD" -maxdepth 1 -type d -name 'glibc-*' | sort | head -1)
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
