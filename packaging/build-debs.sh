#!/usr/bin/env bash
# Builds the Debian packages of softticks from a build tree's install
# components:
#   softticks-gcc-plugin   component gcc-plugin          (gcc -fplugin=softticks)
#   softticks-llvm-plugin  component llvm-plugin-<major> (plugin + clang config files)
#                          for the main LLVM; softticks-llvm-plugin-<major> for
#                          each other LLVM the build has (rustc-web 1.96: 22)
#   librrsoftticks-dev     component rrsoftticks         (header, runtime, .pc, CMake package)
#   softticks-tools        component tools               (softticks-trace, softticks-inspect, softticks-as)
# A part the build does not have (no GCC plugin headers, no LLVM) is not
# packaged, and the script says so.  The targets those components install
# are built first (cmake --build, parallelism from CMAKE_BUILD_PARALLEL_LEVEL
# when set): packaging/installed-targets.py reads them from the build
# tree's install rules, so a tree that was only configured gives the same
# packages as a built one, and none of them is stale.  Usage:
#   packaging/build-debs.sh BUILD_DIR OUTDIR
# Environment: SOFTTICKS_DEB_VERSION overrides the version (default: the
# CMake project version); SOFTTICKS_DEB_MAINTAINER the Maintainer field.
set -euo pipefail

usage() {
  echo "usage: $0 BUILD_DIR OUTDIR" >&2
  exit 2
}
die() {
  echo "build-debs: $*" >&2
  exit 1
}

[ $# -eq 2 ] || usage
build=$(realpath -e -- "$1" 2>/dev/null) || die "no build directory '$1'"
info=$build/packaging/build-info.sh
[ -f "$info" ] || die "$build is not a configured softticks build tree (no packaging/build-info.sh)"
mkdir -p -- "$2"
outdir=$(realpath -e -- "$2")
for tool in cmake dpkg-deb dpkg-shlibdeps dpkg-query python3; do
  command -v "$tool" >/dev/null || die "$tool not found (Debian packages cmake, dpkg-dev, python3)"
done
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# shellcheck source=/dev/null
. "$info"
version=${SOFTTICKS_DEB_VERSION:-$SOFTTICKS_VERSION}
maintainer=${SOFTTICKS_DEB_MAINTAINER:-softticks developers <softticks@localhost>}
arch=$(dpkg --print-architecture)

# A .deb is written as NAME.tmp and renamed when complete; an error
# removes the one being written.
stage=$(mktemp -d "${TMPDIR:-/tmp}/softticks-debs.XXXXXX")
pending=
trap 'rm -rf -- "$stage" ${pending:+"$pending"}' EXIT

# install_component PKG COMPONENT: installs COMPONENT for /usr into the
# package's staging root, laid out as dpkg-shlibdeps expects:
# $stage/PKG/debian/PKG.
install_component() {
  local root=$stage/$1/debian/$1
  mkdir -p "$root"
  DESTDIR=$root cmake --install "$build" --prefix /usr --component "$2" --strip >"$stage/$1/install.log" ||
    die "cmake --install --component $2 failed:
$(cat "$stage/$1/install.log")"
  [ -n "$(find "$root" -type f -print -quit)" ] || die "component $2 installed no file"
}

# shared_library_depends PKG: the Depends dpkg-shlibdeps derives from the
# package's ELF files (libc6, libstdc++6, libelf1, ...).  Plugins leave the
# compiler's own symbols undefined; those are not library dependencies.
shared_library_depends() {
  local root=$stage/$1/debian/$1
  local -a elves=()
  local f
  while IFS= read -r -d '' f; do
    if [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ]; then
      case $f in *.a) ;; *) elves+=("$f") ;; esac
    fi
  done < <(find "$root" -type f -print0 | sort -z)
  [ ${#elves[@]} -gt 0 ] || return 0
  printf 'Source: softticks\n\nPackage: %s\nArchitecture: any\n' "$1" >"$stage/$1/debian/control"
  (cd "$stage/$1" && dpkg-shlibdeps --warnings=0 -O -l"$root/usr/$SOFTTICKS_INSTALL_LIBDIR" "${elves[@]}") |
    sed -n 's/^shlibs:Depends=//p'
}

# make_deb PKG SECTION DEPENDS SUMMARY DESCRIPTION [EXTRA_CONTROL_LINES]
make_deb() {
  local pkg=$1 section=$2 depends=$3 summary=$4 description=$5 extra=${6:-}
  local root=$stage/$pkg/debian/$pkg libs
  mkdir -p "$root/DEBIAN"
  libs=$(shared_library_depends "$pkg")
  depends=$(printf '%s\n' "$libs" "$depends" | tr ',' '\n' | sed 's/^ *//; s/ *$//' |
    sed '/^$/d' | sort -u | paste -sd, - | sed 's/,/, /g')
  (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
  {
    echo "Package: $pkg"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)"
    echo "Depends: $depends"
    [ -z "$extra" ] || printf '%s\n' "$extra"
    echo "Section: $section"
    echo "Priority: optional"
    echo "Description: $summary"
    printf '%s\n' "$description" | sed 's/^$/./; s/^/ /'
  } >"$root/DEBIAN/control"
  local deb=$outdir/${pkg}_${version}_${arch}.deb
  pending=$deb.tmp
  dpkg-deb --root-owner-group -Zxz --build "$root" "$pending" >/dev/null
  mv -f -- "$pending" "$deb"
  pending=
  echo "$deb"
}

# The install components packaged below, and the targets they install,
# built now (cmake --install builds nothing).
components=()
[ -z "$SOFTTICKS_GCC_PLUGIN_DIR" ] || components+=(gcc-plugin)
[ -z "$SOFTTICKS_LLVM_MAJOR" ] || components+=("llvm-plugin-$SOFTTICKS_LLVM_MAJOR")
for m in ${SOFTTICKS_LLVM_EXTRA_MAJORS:-}; do components+=("llvm-plugin-$m"); done
components+=(rrsoftticks tools)
target_list=$(python3 "$here/installed-targets.py" "$build" "${components[@]}" 2>"$stage/targets.log") ||
  die "cannot tell which targets the components ${components[*]} install:
$(cat "$stage/targets.log")"
cat "$stage/targets.log" >&2
mapfile -t targets <<<"$target_list"
echo "build-debs: building what the packages install: ${targets[*]}" >&2
cmake --build "$build" --target "${targets[@]}" >"$stage/build.log" 2>&1 ||
  die "cmake --build $build --target ${targets[*]} failed; last lines:
$(tail -n 40 "$stage/build.log")"

common_text='softticks lets rr record and replay without a hardware performance
counter: instrumented code counts its own "ticks" (function entries, loop
heads, returns_twice calls) in a countdown page that a tracer programs like a
PMU sample period.'

# --- softticks-gcc-plugin: tied to the exact gcc it was built for ---------
if [ -n "$SOFTTICKS_GCC_PLUGIN_DIR" ]; then
  gcc_major=$("$SOFTTICKS_GCC" -dumpversion | cut -d. -f1)
  cc1=$("$SOFTTICKS_GCC" -print-prog-name=cc1)
  cc1_pkg=$(dpkg-query -S "$(realpath "$cc1")" 2>/dev/null | cut -d: -f1) ||
    die "$cc1 ($SOFTTICKS_GCC) belongs to no Debian package: the GCC plugin can only be packaged for a Debian gcc"
  gcc_version=$(dpkg-query -W -f='${Version}' "$cc1_pkg")
  install_component softticks-gcc-plugin gcc-plugin
  # GCC refuses a plugin built for another build of itself (version and
  # configure arguments, which name the Debian revision): pin it exactly.
  make_deb softticks-gcc-plugin devel \
    "gcc-$gcc_major (= $gcc_version), cpp-$gcc_major (= $gcc_version)" \
    "GCC $gcc_major plugin instrumenting code for rr software ticks" \
    "$common_text

gcc-$gcc_major -fplugin=softticks instruments every function of the
compiled code and predefines __RR_SOFTTICKS__.  Built for gcc-$gcc_major
$gcc_version only." \
    "Suggests: librrsoftticks-dev, softticks-tools
Enhances: gcc-$gcc_major, g++-$gcc_major"
else
  echo "build-debs: skipping softticks-gcc-plugin: the build has no GCC plugin" >&2
fi

# --- softticks-llvm-plugin: one package per LLVM major ----------------------
# package_llvm_plugin PKG MAJOR: the plugin for LLVM MAJOR and its clang
# config files.
package_llvm_plugin() {
  local pkg=$1 m=$2
  install_component "$pkg" "llvm-plugin-$m"
  local llvm_root=$stage/$pkg/debian/$pkg
  local cfg_dir=/usr/$SOFTTICKS_INSTALL_LIBDIR/softticks/llvm-$m
  [ -f "$llvm_root$cfg_dir/softticks.cfg" ] || die "component llvm-plugin-$m installed no softticks.cfg"
  # clang looks for --config=NAME next to its executable too (Debian:
  # /usr/lib/llvm-N/bin), so "clang-N --config softticks.cfg" works.
  mkdir -p "$llvm_root/usr/lib/llvm-$m/bin"
  local cfg
  for cfg in "$llvm_root$cfg_dir"/*.cfg; do
    ln -s "$(realpath -m --relative-to="/usr/lib/llvm-$m/bin" "$cfg_dir/${cfg##*/}")" \
      "$llvm_root/usr/lib/llvm-$m/bin/${cfg##*/}"
  done
  local lto_text='' lto_recommends=''
  if [ -f "$llvm_root$cfg_dir/softticks-lto.cfg" ]; then
    lto_text="; --config softticks-lto.cfg
does the same for -flto builds (linked with lld, which runs the pass)"
    lto_recommends="Recommends: lld-$m
"
  fi
  make_deb "$pkg" devel "clang-$m, libllvm$m" \
    "LLVM $m pass plugin instrumenting code for rr software ticks" \
    "$common_text

clang-$m --config softticks.cfg (the file is in
/usr/$SOFTTICKS_INSTALL_LIBDIR/softticks/llvm-$m, linked from clang's directory)
loads the pass plugin and predefines __RR_SOFTTICKS__$lto_text.
softticks-cargo uses it for a rustc built on LLVM $m." \
    "${lto_recommends}Suggests: librrsoftticks-dev, softticks-tools"
}
if [ -n "$SOFTTICKS_LLVM_MAJOR" ]; then
  package_llvm_plugin softticks-llvm-plugin "$SOFTTICKS_LLVM_MAJOR"
  for m in ${SOFTTICKS_LLVM_EXTRA_MAJORS:-}; do
    package_llvm_plugin "softticks-llvm-plugin-$m" "$m"
  done
else
  echo "build-debs: skipping softticks-llvm-plugin: the build has no LLVM plugin" >&2
fi

# --- librrsoftticks-dev ------------------------------------------------------
install_component librrsoftticks-dev rrsoftticks
mkdir -p "$stage/librrsoftticks-dev/debian/librrsoftticks-dev/DEBIAN"
echo "activate-noawait ldconfig" >"$stage/librrsoftticks-dev/debian/librrsoftticks-dev/DEBIAN/triggers"
make_deb librrsoftticks-dev libdevel "" \
  "rr software ticks: ABI header and runtime library" \
  "$common_text

The header rr/softticks.h (the ABI: tick sequences, page, note, assembler
macro) and librrsoftticks (page initializer and ABI note for hand-written or
JIT-generated code), static and shared, with pkg-config and CMake files."

# --- softticks-tools ---------------------------------------------------------
install_component softticks-tools tools
make_deb softticks-tools devel "" \
  "rr software ticks: reference tracer, ELF inspector, assembler wrapper" \
  "$common_text

softticks-trace counts and checks the ticks of a program under ptrace;
softticks-inspect tells which ELF files are instrumented and whether they
agree with the ABI; softticks-as puts ticks into assembly and runs the real
assembler (gcc -B /usr/lib/softticks/as)."
