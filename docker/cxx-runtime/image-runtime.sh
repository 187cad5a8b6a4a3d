#!/bin/sh
# $needs is a word list, set -- $pair splits a pair:
# shellcheck disable=SC2086
# Runs inside the image, as root, for the package list's pseudo-package
# `gcc-12-runtime` (docker/build-rootfs.sh): GCC's runtime libraries, the
# C++ runtime (libgcc_s.so.1, libstdc++.so.6), libatomic.so.1 and
# libgomp.so.1, rebuilt with the default (instrumenting) toolchain from
# Debian's gcc-12 source of the installed gcc-12's version, and installed
# in place of Debian's libgcc-s1, libstdc++6, libatomic1 and libgomp1.
# The compiler stays Debian's (the GCC plugin is built for that exact
# gcc-12).
#   image-runtime.sh JOBS
# 1. gawk, gfortran-12 (libgomp's Fortran interface) and GCC's build
#    needs installed (marked automatic: the build's final autoremove
#    takes them away again);
# 2. as the user "builder": `apt-get source gcc-12=VERSION`, its own
#    `debian/rules patch` (the upstream tarball, Debian's patches), then
#    build-runtime.sh (beside this script): libgcc, libstdc++-v3,
#    libatomic and libgomp only, against the installed gcc-12, no
#    compiler built;
# 3. checks: the libraries instrumented (softticks-inspect), their
#    exported symbols with versions a superset of the installed Debian
#    libraries' (readelf --dyn-syms), and a C++ program (iostreams, a
#    locale facet, std::regex, exceptions through destructors, OpenMP, a
#    16-byte atomic: runtime-check.cc) printing the same with the new
#    libraries as with Debian's, having loaded them;
# 4. Debian's four .deb of the same version, with the library files
#    replaced (debug information stripped, symbols kept),
#    md5sums rewritten, installed with dpkg -i and held (the same name and
#    version: apt sees them installed; libstdc++-12-dev and the rest still
#    depend on them as they are).
# libstdc++'s own test suite does not run here (hours on 2 cores):
# docker/cxx-runtime/build-and-test.sh compares it, instrumented against
# plain, outside the image.  Log: /var/lib/softticks/rebuilt/gcc-12-runtime.log.
set -eu
jobs=${1:-2}
here=$(cd "$(dirname "$0")" && pwd)
# runtime_libraries (SONAME PACKAGE BUILT), exported, build_runtime_check:
# shellcheck source=SCRIPTDIR/runtime-libraries.sh
. "$here/runtime-libraries.sh"
name=gcc-12-runtime
state=/var/lib/softticks/rebuilt
mkdir -p "$state"
log=$state/$name.log
work=/build/$name
triplet=x86_64-linux-gnu
started=$(date +%s)
version=$(dpkg-query -W -f '${source:Version}' gcc-12)
# The installed library SONAME is /usr/lib/$triplet/SONAME (merged /usr:
# /lib is a link to usr/lib).
packages=$(echo "$runtime_libraries" | awk '{ print $2 }' | paste -sd' ')
for p in $packages; do
  v=$(dpkg-query -W -f '${Version}' "$p")
  [ "$v" = "$version" ] || { echo "image-runtime: $p is $v, gcc-12 is $version: not one source version" >&2; exit 1; }
done
id builder > /dev/null 2>&1 || useradd --create-home --shell /bin/sh builder
rm -rf "$work"
mkdir -p "$work"
chown builder: "$work"

(
  echo "== $name: gcc-12 $version ($packages)" &&
  needs= &&
  for p in gawk gfortran-12 quilt patchutils lsb-release autoconf2.69 libgmp-dev libmpfr-dev libmpc-dev zlib1g-dev; do
    dpkg-query -W -f '${Status}' "$p" 2> /dev/null | grep 'ok installed' >/dev/null || needs="$needs $p"
  done &&
  if [ -n "$needs" ]; then
    echo "== install$needs" &&
    apt-get install -y --no-install-recommends $needs &&
    apt-mark auto $needs
  fi &&
  echo "== source gcc-12=$version" &&
  cd "$work" &&
  runuser -u builder -- apt-get source --download-only "gcc-12=$version" &&
  runuser -u builder -- dpkg-source -x ./gcc-12_*.dsc tree &&
  cd tree && runuser -u builder -- debian/rules patch &&
  cd "$work" &&
  echo "== build-runtime.sh (libgcc, libstdc++-v3, libatomic, libgomp) with $(command -v gcc-12), $(gcc-12 -print-file-name=specs)" &&
  runuser -u builder -- "$here/build-runtime.sh" "$work/tree/src" "$work/out" --jobs "$jobs" &&
  echo "== checks" &&
  mkdir -p "$work/check/lib" &&
  echo "$runtime_libraries" | while read -r soname p built; do
    set -- "/usr/lib/$triplet/$soname" "$work/out/$built" &&
    softticks-inspect "$2" | sed -n 1,6p &&
    { softticks-inspect "$2" | sed -n 1p | grep ': instrumented (' >/dev/null ||
      { echo "image-runtime: $2 is not instrumented" >&2; exit 1; }; } &&
    exported "$1" > "$work/debian.syms" && exported "$2" > "$work/new.syms" &&
    missing=$(comm -23 "$work/debian.syms" "$work/new.syms") &&
    echo "$(basename "$2"): $(wc -l < "$work/new.syms") exported symbols, Debian's $(wc -l < "$work/debian.syms"), $(comm -13 "$work/debian.syms" "$work/new.syms" | wc -l) more" &&
    { [ -z "$missing" ] || { echo "image-runtime: $2 lacks Debian's:"; echo "$missing" | sed -n 1,20p; exit 1; } >&2; } &&
    { [ "$(readelf -d "$1" | grep SONAME)" = "$(readelf -d "$2" | grep SONAME)" ] ||
      { echo "image-runtime: $2: not Debian's SONAME" >&2; exit 1; }; } &&
    cp -L "$2" "$work/check/lib/$soname" || exit 1
  done &&
  build_runtime_check "$here/runtime-check.cc" "$work/check/runtime-check" &&
  "$work/check/runtime-check" > "$work/check/debian.out" &&
  LD_LIBRARY_PATH=$work/check/lib "$work/check/runtime-check" > "$work/check/new.out" &&
  cmp "$work/check/debian.out" "$work/check/new.out" &&
  echo "$runtime_libraries" | while read -r soname p built; do
    LD_LIBRARY_PATH=$work/check/lib ldd "$work/check/runtime-check" | grep "$soname => $work/check/lib/" >/dev/null ||
      { echo "image-runtime: runtime-check did not load the new $soname" >&2; exit 1; }
  done &&
  echo "runtime-check: the same $(wc -l < "$work/check/new.out") lines with the new libraries as with Debian's: $(tail -n 1 "$work/check/new.out")"
) > "$log" 2>&1 || { echo "image-runtime: $name failed; last lines of $log:" >&2; tail -n 40 "$log" >&2; exit 1; }

# Debian's four packages with the files replaced.  (Both steps run in a
# subshell: an exit in them ends it, and the message above follows.)
(
  echo "== packages" &&
  mkdir -p "$work/debs" && cd "$work/debs" && chown builder: . &&
  for p in $packages; do
    runuser -u builder -- apt-get download "$p=$version" || exit 1
  done &&
  echo "$runtime_libraries" | while read -r soname p built; do
    deb=$(ls ./"$p"_*.deb) &&
    rm -rf "$p" && dpkg-deb -R "$deb" "$p" &&
    # The package's file: SONAME itself or the file its SONAME link names.
    file= &&
    for d in lib usr/lib; do
      if [ -e "$p/$d/$triplet/$soname" ]; then file=/$d/$triplet/$(readlink "$p/$d/$triplet/$soname" || echo "$soname"); fi
    done &&
    target=$p$file && new=$(readlink -f "$work/out/$built") &&
    { { [ -n "$file" ] && [ -f "$target" ] && [ ! -L "$target" ]; } ||
      { echo "image-runtime: $deb has no $soname in /lib/$triplet or /usr/lib/$triplet" >&2; exit 1; }; } &&
    strip --strip-debug -o "$target" "$new" &&
    softticks-inspect "$target" | sed -n 1p | grep ': instrumented (' >/dev/null &&
    (cd "$p" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | sort | xargs md5sum > DEBIAN/md5sums) &&
    dpkg-deb -b "$p" "$p.deb" > /dev/null &&
    echo "$p: $(stat -c %s "$target") bytes $file (Debian's $(dpkg-deb --fsys-tarfile "$deb" | tar -tvf - ".$file" | awk '{ print $3 }'))" ||
      exit 1
  done &&
  for p in $packages; do echo "$p.deb"; done | xargs dpkg -i &&
  for p in $packages; do
    apt-mark manual "$p" > /dev/null && apt-mark hold "$p" > /dev/null &&
    { grep -qx "$p gcc-12" /var/lib/softticks/rebuilt-binaries.txt 2> /dev/null ||
      echo "$p gcc-12" >> /var/lib/softticks/rebuilt-binaries.txt; }
  done &&
  echo "$runtime_libraries" | while read -r soname p built; do
    softticks-inspect "/usr/lib/$triplet/$soname" | grep ': instrumented (' ||
      { echo "image-runtime: /usr/lib/$triplet/$soname is not instrumented" >&2; exit 1; }
  done &&
  "$work/check/runtime-check" > "$work/check/installed.out" &&
  cmp "$work/check/debian.out" "$work/check/installed.out"
) >> "$log" 2>&1 || { echo "image-runtime: installing failed; last lines of $log:" >&2; tail -n 40 "$log" >&2; exit 1; }
# The Fortran compiler installed above for libgomp (marked automatic): the
# final autoremove would keep it, as libtool suggests a fortran95-compiler.
if apt-mark showauto gfortran-12 | grep -x gfortran-12 >/dev/null; then
  apt-get purge -y gfortran-12 >> "$log" 2>&1 || { echo "image-runtime: removing gfortran-12 failed (log: $log)" >&2; exit 1; }
fi
rm -rf "$work"
seconds=$(( $(date +%s) - started ))
echo "== rebuilt (libgcc, libstdc++-v3, libatomic, libgomp; their test suites: build-and-test.sh, outside) and installed in $seconds s" >> "$log"
echo "image-runtime: $name rebuilt and installed in $seconds s: $packages"
