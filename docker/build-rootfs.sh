#!/usr/bin/env bash
# Builds the instrumented Debian 12 root filesystem, as root, without any
# container runtime:
#   docker/build-rootfs.sh OUTDIR [--packages FILE] [--resume]
# 1. mmdebstrap: Debian 12 with the compilers and build tools;
# 2. softticks installed into it: the .deb packages in $SOFTTICKS_DEBS if
#    set, else those packaging/build-debs.sh makes from the host build
#    $SOFTTICKS_BUILD_DIR (default build/, configured here when missing;
#    build-debs.sh builds what the packages install; the host is the same
#    Debian 12);
# 3. gcc/g++/cc/c++ and clang instrument by default (toolchain/make-default.sh);
# 4. the Debian source packages in FILE (default docker/packages.txt, one
#    per line, # comments) rebuilt with their test suites and installed;
# 5. the audit (audit.py) written to OUTDIR/var/lib/softticks/audit.txt.
# Works in OUTDIR.tmp and renames it to OUTDIR at the end: OUTDIR is never
# half-written.  OUTDIR must not exist.  A failure keeps OUTDIR.tmp, with
# the rebuild logs in OUTDIR.tmp/var/lib/softticks/rebuilt/; --resume
# continues it: the steps it records as done (the base system with
# softticks and the default toolchain, each package rebuilt) are skipped,
# the image scripts copied again, the failed package and those after it
# rebuilt, the audit run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
# shellcheck source=SCRIPTDIR/lib/in-root.sh
. "$here/lib/in-root.sh"

usage() { echo "usage: $0 OUTDIR [--packages FILE] [--resume]" >&2; exit 2; }
[ $# -ge 1 ] || usage
out=$1; shift
packages_file=$here/packages.txt
resume=
while [ $# -gt 0 ]; do
  case $1 in
    --packages) [ $# -ge 2 ] || usage; packages_file=$2; shift 2 ;;
    --resume) resume=1; shift ;;
    *) usage ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "build-rootfs: must run as root (mmdebstrap, chroot)" >&2; exit 1; }
command -v mmdebstrap >/dev/null || { echo "build-rootfs: mmdebstrap missing: bash docker/install-deps.sh" >&2; exit 1; }
[ -e "$out" ] && { echo "build-rootfs: $out already exists" >&2; exit 1; }
[ -r "$packages_file" ] || { echo "build-rootfs: cannot read $packages_file" >&2; exit 1; }
packages=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$packages_file" | grep -v '^$' || true)
# glibc first, wherever the list names it: every other package is then
# built and tested against the instrumented C library and loader.  Then
# the pseudo-package gcc-12-runtime (GCC's runtime libraries: libgcc_s,
# libstdc++, libatomic, libgomp; docker/cxx-runtime/image-runtime.sh),
# before the packages that build C++ against it.
for first in gcc-12-runtime glibc; do
  if printf '%s\n' "$packages" | grep -x "$first" >/dev/null; then
    packages=$(printf '%s\n%s\n' "$first" "$packages" | awk '!seen[$0]++')
  fi
done
jobs=${SOFTTICKS_JOBS:-$(nproc)}
mirror=${SOFTTICKS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${SOFTTICKS_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}

tmp=$out.tmp
# What is done, one step a line ("base", "rebuilt SRC"), for --resume;
# removed when the root is complete.
progress=$tmp/var/lib/softticks/build-rootfs.progress
done_step() { [ -f "$progress" ] && grep -qxF -- "$1" "$progress"; }
if [ -n "$resume" ]; then
  [ -d "$tmp" ] || { echo "build-rootfs: --resume: no $tmp to continue (kept by a failed run)" >&2; exit 1; }
elif [ -e "$tmp" ]; then
  echo "build-rootfs: $tmp exists (the root a failed run kept): --resume continues it; rm -rf $tmp starts again" >&2
  exit 1
fi
packages_arg=
[ "$packages_file" = "$here/packages.txt" ] || packages_arg=$packages_file
# On failure OUTDIR.tmp stays, for its logs and --resume.
cleanup() {
  local rc=$?
  rm -rf "$tmp.debs"
  if [ $rc != 0 ] && [ -d "$tmp" ]; then
    echo "build-rootfs: failed (exit $rc); the root filesystem so far is kept in $tmp" >&2
    echo "build-rootfs:   rebuild logs: $tmp/var/lib/softticks/rebuilt/" >&2
    if done_step base; then
      echo "build-rootfs:   continue: $0 $out${packages_arg:+ --packages $packages_arg} --resume (done: $(paste -sd, "$progress"))" >&2
    else
      echo "build-rootfs:   it stopped before the base system was complete: --resume starts it again" >&2
    fi
    echo "build-rootfs:   or remove it: rm -rf $tmp" >&2
  fi
  exit $rc
}
trap cleanup EXIT
start=$(date +%s)
step() { echo "build-rootfs: [$(( $(date +%s) - start ))s] $*"; }

# The scripts the image's steps run (copied again on --resume: a fix to
# them applies to the packages still to rebuild).
install_image_scripts() {
  install -D -m 0755 "$here/toolchain/make-default.sh" "$tmp/usr/lib/softticks/image/make-default.sh"
  install -D -m 0755 "$here/toolchain/rebuild-package.sh" "$tmp/usr/lib/softticks/image/rebuild-package.sh"
  install -D -m 0755 "$here/toolchain/package-settings.sh" "$tmp/usr/lib/softticks/image/package-settings.sh"
  # package-tests/SRC.sh (and its data files): tests debian/rules leaves out.
  rm -rf "$tmp/usr/lib/softticks/image/package-tests" "$tmp/usr/lib/softticks/image/package-settings"
  mkdir -p "$tmp/usr/lib/softticks/image/package-tests"
  cp "$here"/toolchain/package-tests/* "$tmp/usr/lib/softticks/image/package-tests/"
  # package-settings/SRC/: what a rebuild of SRC needs beyond the toolchain
  # (docker/toolchain/rebuild-package.sh): glibc's patches and build profile.
  # The C++ runtime's scripts (pseudo-package gcc-12-runtime).
  rm -rf "$tmp/usr/lib/softticks/image/cxx-runtime"
  install -D -m 0755 "$here/cxx-runtime/image-runtime.sh" "$tmp/usr/lib/softticks/image/cxx-runtime/image-runtime.sh"
  install -D -m 0755 "$here/cxx-runtime/build-runtime.sh" "$tmp/usr/lib/softticks/image/cxx-runtime/build-runtime.sh"
  install -D -m 0644 "$here/cxx-runtime/runtime-libraries.sh" "$tmp/usr/lib/softticks/image/cxx-runtime/runtime-libraries.sh"
  install -D -m 0644 "$here/cxx-runtime/runtime-check.cc" "$tmp/usr/lib/softticks/image/cxx-runtime/runtime-check.cc"
  mkdir -p "$tmp/usr/lib/softticks/image/package-settings/glibc"
  cp -r "$here/glibc/patches" "$here/glibc/build-profiles" "$here/glibc/installed-only" \
    "$here/glibc/deb-build-options" \
    "$tmp/usr/lib/softticks/image/package-settings/glibc/"
}

# The base system: Debian 12 (mmdebstrap), softticks installed, gcc and
# clang instrumenting by default; recorded as "base" when complete.
build_base() {
  step "mmdebstrap Debian 12 into $tmp"
  local base kind
  local -a sources
  base="build-essential,fakeroot,dpkg-dev,clang-19,lld-19,cmake,meson,ninja-build,pkg-config,libelf1,zlib1g,valgrind,ca-certificates"
  sources=()
  for kind in deb deb-src; do
    sources+=("$kind $mirror bookworm main" "$kind $mirror bookworm-updates main"
              "$kind $security bookworm-security main")
  done
  mmdebstrap --quiet --variant=apt --include="$base" bookworm "$tmp" "${sources[@]}"

  step "install softticks"
  # Its .deb packages from the host build, or those in $SOFTTICKS_DEBS.
  # packaging/build-debs.sh builds the targets the packages install (read
  # from the build's install rules: no list here); a checkout without
  # packaging/ builds everything and installs it with `cmake --install`.
  build=${SOFTTICKS_BUILD_DIR:-$repo/build}
  if [ -z "${SOFTTICKS_DEBS:-}" ] && [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  fi
  debs=${SOFTTICKS_DEBS:-}
  if [ -z "$debs" ] && [ -x "$repo/packaging/build-debs.sh" ]; then
    debs=$tmp.debs
    rm -rf "$debs"
    CMAKE_BUILD_PARALLEL_LEVEL=$jobs "$repo/packaging/build-debs.sh" "$build" "$debs" >/dev/null
  fi
  if [ -n "$debs" ]; then
    mkdir -p "$tmp/tmp/softticks-debs"
    # All but the plugins for other LLVMs than the main one (their packages
    # depend on clang-N: the image's clang is the main LLVM's).
    find "$debs" -maxdepth 1 -name '*.deb' ! -name 'softticks-llvm-plugin-[0-9]*' \
      -exec cp {} "$tmp/tmp/softticks-debs/" ';'
    [ "$debs" = "$tmp.debs" ] && rm -rf "$debs"
    in_root "$tmp" sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends /tmp/softticks-debs/*.deb >/dev/null'
    rm -rf "$tmp/tmp/softticks-debs"
  else
    cmake --build "$build" -j"$jobs" >/dev/null
    DESTDIR=$tmp cmake --install "$build" --prefix /usr >/dev/null
    # A cross plugin of the host build has no compiler in the image.
    rm -rf "$tmp/usr/lib/gcc-cross"
  fi

  step "make gcc and clang instrument by default"
  install_image_scripts
  in_root "$tmp" /usr/lib/softticks/image/make-default.sh
  mkdir -p "$(dirname "$progress")"
  echo base >> "$progress"
}

if done_step base; then
  step "resume $tmp: the base system, softticks and the default toolchain are there"
  install_image_scripts
else
  if [ -n "$resume" ]; then
    step "resume $tmp: it stopped before the base system was complete: starting again"
    rm -rf "$tmp"
  fi
  build_base
fi

if [ -n "$packages" ]; then
  in_root "$tmp" apt-get update -qq
  for src in $packages; do
    if done_step "rebuilt $src"; then
      step "$src: rebuilt and installed before --resume (log: /var/lib/softticks/rebuilt/$src.log)"
      continue
    fi
    case $src in
      gcc-12-runtime)
        # Not a source package: gcc-12's target libraries only, installed
        # in place of Debian's libgcc-s1, libstdc++6, libatomic1 and
        # libgomp1 (the compiler stays).
        step "rebuild GCC's runtime: libgcc_s, libstdc++, libatomic and libgomp of gcc-12's source (docker/cxx-runtime/)"
        in_root "$tmp" /usr/lib/softticks/image/cxx-runtime/image-runtime.sh "$jobs" ;;
      *)
        step "rebuild $src (with its test suite, unless its package-settings say nocheck)"
        in_root "$tmp" /usr/lib/softticks/image/rebuild-package.sh "$src" "$jobs" ;;
    esac
    echo "rebuilt $src" >> "$progress"
  done
  step "remove the build dependencies"
  in_root "$tmp" apt-get -y -qq autoremove >/dev/null
fi
in_root "$tmp" apt-get clean
rm -rf "$tmp"/var/lib/apt/lists/* "$tmp"/build

step "audit"
mkdir -p "$tmp/var/lib/softticks"
inspect_json=$(mktemp)
# The module list goes to stdout, the summary (one JSON line) to stderr.
in_root "$tmp" softticks-inspect --json / > "$inspect_json" 2> "$inspect_json.summary" || true
grep '^{"summary"' "$inspect_json.summary" >> "$inspect_json" || { echo "build-rootfs: softticks-inspect failed:" >&2; cat "$inspect_json.summary" >&2; exit 1; }
rm -f "$inspect_json.summary"
python3 "$here/audit.py" "$tmp" "$inspect_json" > "$tmp/var/lib/softticks/audit.txt.tmp" ||
  { cat "$tmp/var/lib/softticks/audit.txt.tmp"; rm -f "$inspect_json"; echo "build-rootfs: the audit found inconsistent modules" >&2; exit 1; }
rm -f "$inspect_json"
mv "$tmp/var/lib/softticks/audit.txt.tmp" "$tmp/var/lib/softticks/audit.txt"
cat "$tmp/var/lib/softticks/audit.txt"
rm -f "$progress"
mv "$tmp" "$out"
step "done: $out ($(du -sh "$out" | cut -f1))"
