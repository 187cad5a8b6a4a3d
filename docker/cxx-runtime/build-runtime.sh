#!/usr/bin/env bash
# Builds the C++ runtime's target libraries, libgcc (libgcc_s.so.1, the
# unwinder every C++ exception runs) and libstdc++-v3 (libstdc++.so.6),
# and the two other runtime libraries GCC links by itself, libatomic
# (libatomic.so.1: __atomic_* calls too wide for the CPU) and libgomp
# (libgomp.so.1: OpenMP and OpenACC), from a patched gcc-12 source tree
# (Debian's, `debian/rules patch`) with an installed gcc-12 as the target
# compiler, without building the compiler itself:
#   build-runtime.sh SRC OUT [--jobs N] [--cc "CC"] [--cxx "CXX"] [--fc "FC"] [--only libgcc]
# SRC: the patched tree's src/ (gcc/, libgcc/, libstdc++-v3/, ...); OUT:
# the build tree, laid out as GCC's own (OUT/gcc, OUT/x86_64-linux-gnu/
# libgcc, .../libstdc++-v3, .../libatomic, .../libgomp), so that libgcc
# finds what it reads from the compiler's build directory.  CC/CXX/FC
# (default gcc-12/g++-12/gfortran-12; in the image they instrument by
# default) compile the libraries; FC compiles libgomp's OpenACC Fortran
# interface (openacc.f90: 67 of the 507 symbols Debian's libgomp.so.1
# exports).
#
# libgcc's configure and Makefile need a configured gcc/ directory: its
# libgcc.mvars (the compiler's flags for target code), tconfig.h and tm.h
# and the headers tm.h includes (options.h and insn-*.h, made by
# generator programs from i386.md), and gcc/include for unwind.h.  gcc/ is
# configured with Debian's options and only those files are made: the
# generators (build/gen*, linked with a libiberty built for them), never
# xgcc or cc1 (`make -o xgcc -o specs`).  gcc/configure is given the
# system's as and ld (AS_FOR_TARGET, LD_FOR_TARGET): without them it finds
# no linker, and libgcc's unwinder is built without PT_GNU_EH_FRAME
# lookup (HAVE_LD_EH_FRAME_HDR undefined): every C++ throw then
# terminates, as a first try here showed.
# Each step leaves a stamp in OUT (.done-STEP): a second run resumes.
set -euo pipefail
# shellcheck source=SCRIPTDIR/runtime-libraries.sh
. "$(dirname "$0")/runtime-libraries.sh"
usage() { echo "usage: $0 SRC OUT [--jobs N] [--cc CC] [--cxx CXX] [--fc FC] [--only libgcc]" >&2; exit 2; }
[ $# -ge 2 ] || usage
src=$1 out=$2
shift 2
jobs=1 cc=gcc-12 cxx=g++-12 fc=gfortran-12 only=
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    --cc) [ $# -ge 2 ] || usage; cc=$2; shift 2 ;;
    --cxx) [ $# -ge 2 ] || usage; cxx=$2; shift 2 ;;
    --fc) [ $# -ge 2 ] || usage; fc=$2; shift 2 ;;
    --only) { [ $# -ge 2 ] && [ "$2" = libgcc ]; } || usage; only=libgcc; shift 2 ;;
    *) usage ;;
  esac
done
case $jobs in '' | *[!0-9]* | 0) echo "build-runtime: bad job count '$jobs'" >&2; exit 2 ;; esac
for d in gcc libgcc libstdc++-v3 libiberty libatomic libgomp; do
  [ -d "$src/$d" ] || { echo "build-runtime: $src/$d missing: SRC is the patched gcc-12 tree's src/" >&2; exit 1; }
done
{ [ -f "$src/gcc/BASE-VER" ] && [ "$(cut -d. -f1 "$src/gcc/BASE-VER")" = 12 ]; } ||
  { echo "build-runtime: $src is not GCC 12's source" >&2; exit 1; }
command -v gawk > /dev/null || { echo "build-runtime: gawk missing (GCC's option scripts need it)" >&2; exit 1; }
[ -n "$only" ] || command -v "${fc%% *}" > /dev/null ||
  { echo "build-runtime: ${fc%% *} missing (apt-get install gfortran-12): libgomp's Fortran interface needs it" >&2; exit 1; }
mkdir -p "$out"
src=$(cd "$src" && pwd)
out=$(cd "$out" && pwd)
triplet=x86_64-linux-gnu
log() { echo "build-runtime: [$(date +%T)] $*"; }

# step NAME DIR COMMAND...: COMMAND run in DIR (created), its output in
# DIR/build-runtime.log; skipped when OUT/.done-NAME exists, whose
# content is the step's time in seconds.
step() {
  local name=$1 dir=$2 start
  shift 2
  if [ -f "$out/.done-$name" ]; then
    log "$name: done before ($(cat "$out/.done-$name") s)"
    return 0
  fi
  mkdir -p "$dir"
  log "$name (log: $dir/build-runtime.log)"
  start=$(date +%s)
  (cd "$dir" && "$@") > "$dir/build-runtime.log" 2>&1 ||
    { tail -n 30 "$dir/build-runtime.log" >&2; echo "build-runtime: $name failed (log: $dir/build-runtime.log)" >&2; exit 1; }
  echo "$(( $(date +%s) - start ))" > "$out/.done-$name"
  log "$name: $(cat "$out/.done-$name") s"
}

# Debian's configure options of gcc-12 on amd64 (gcc -v) that concern the
# target libraries; x86-64 only (no multilib: the i386/x32 flavours
# stay Debian's), no NLS (libstdc++'s messages catalogue), no offloading.
common_options=("--build=$triplet" "--host=$triplet" "--target=$triplet" --prefix=/usr
  --libdir=/usr/lib --libexecdir=/usr/lib --with-gcc-major-version-only --enable-shared
  --disable-multilib --enable-cet --disable-nls --enable-threads=posix
  --enable-linker-build-id --enable-default-pie --enable-gnu-unique-object)

# The generators' libiberty: build/gen* link with build-TRIPLET/libiberty.
step libiberty "$out/build-$triplet/libiberty" sh -c \
  "CC=gcc-12 '$src/libiberty/configure' --build=$triplet --host=$triplet && make -j$jobs"

gcc_files="tconfig.h tm.h tm_p.h libgcc.mvars options.h insn-constants.h insn-modes.h insn-flags.h"
# shellcheck disable=SC2016 # expanded by the step's shell
step gcc-headers "$out/gcc" sh -c \
  "AS_FOR_TARGET=/usr/bin/as LD_FOR_TARGET=/usr/bin/ld NM_FOR_TARGET=/usr/bin/nm \
   OBJDUMP_FOR_TARGET=/usr/bin/objdump READELF_FOR_TARGET=/usr/bin/readelf CC=gcc-12 CXX=g++-12 \
   '$src/gcc/configure' ${common_options[*]} --enable-plugin --enable-checking=release \
     --with-system-zlib --enable-multiarch --with-tune=generic --enable-languages=c,c++ &&
   grep -q '^#define HAVE_LD_EH_FRAME_HDR 1' auto-host.h &&
   make -j$jobs -o xgcc -o specs $gcc_files && mkdir -p include"

# libgcc: libgcc_s.so.1, libgcc.a, libgcc_eh.a (and crt*.o, not used).
step libgcc "$out/$triplet/libgcc" sh -c \
  "CC='$cc' CFLAGS='-g -O2' '$src/libgcc/configure' ${common_options[*]} \
     --with-slibdir=/lib/$triplet && make -j$jobs"
[ -n "$only" ] && exit 0

# libstdc++-v3, configured on its own as libstdc++'s configure allows
# (it links with the installed compiler's libgcc_s, the same ABI).
step libstdc++ "$out/$triplet/libstdc++-v3" sh -c \
  "CC='$cc' CXX='$cxx' CFLAGS='-O2 -g' CXXFLAGS='-O2 -g' '$src/libstdc++-v3/configure' ${common_options[*]} \
     --enable-clocale=gnu --enable-libstdcxx-time=yes --with-default-libstdcxx-abi=new \
     --disable-vtable-verify && make -j$jobs"

# libatomic and libgomp, each configured on its own as well.  libgomp's
# configure takes the Fortran compiler from GFORTRAN, whose first word must
# be a path (it ignores FC; without a compiler it leaves the OpenACC
# Fortran interface out, and the library lacks Debian's symbols).
step libatomic "$out/$triplet/libatomic" sh -c \
  "CC='$cc' CFLAGS='-g -O2' '$src/libatomic/configure' ${common_options[*]} && make -j$jobs"
gfortran="$(command -v "${fc%% *}")${fc#"${fc%% *}"}"
step libgomp "$out/$triplet/libgomp" sh -c \
  "CC='$cc' GFORTRAN='$gfortran' CFLAGS='-g -O2' FCFLAGS='-g -O2' '$src/libgomp/configure' ${common_options[*]} &&
   grep -q '^FC = /' Makefile && make -j$jobs"
echo "$runtime_libraries" | while read -r soname package built; do
  [ -f "$out/$built" ] || { echo "build-runtime: no $soname ($package's) at $out/$built" >&2; exit 1; }
  log "built: $out/$built"
done
