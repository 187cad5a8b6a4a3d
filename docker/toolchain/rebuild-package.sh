#!/bin/sh
# Runs inside the image: rebuilds the Debian source package SRC with the
# default (instrumenting) toolchain and its test suite on, then installs
# its architecture-specific binary packages in place of Debian's.  When
# package-tests/SRC.sh exists, it runs in the built source tree after
# dpkg-buildpackage (tests the package's debian/rules leaves out).  Only
# the architecture-specific packages are built (-B) and installed: the
# architecture-independent ones (documentation: bash-doc's PDF needs
# TeX Live) are Debian's, with no code.
#   rebuild-package.sh SRC JOBS
# The build runs as the unprivileged user "builder" (several test suites
# refuse to run as root).  Log: /var/lib/softticks/rebuilt/SRC.log; the
# binary packages installed are appended to
# /var/lib/softticks/rebuilt-binaries.txt.
set -eu
src=$1
jobs=${2:-2}
state=/var/lib/softticks/rebuilt
mkdir -p "$state"
log=$state/$src.log
work=/build/$src
# The package's own tests that its debian/rules does not run (expat, sqlite3,
# coreutils; bash: compared with Debian's bash; lua5.4, dash: substitutes).
extra_tests=/usr/lib/softticks/image/package-tests/$src.sh
# What SRC needs beyond the toolchain (glibc: docker/glibc/):
#   patches/series, *.patch  appended to debian/patches (applied by
#                            dpkg-source before the build)
#   build-profiles           DEB_BUILD_PROFILES, for build-dep (-P, with
#                            commas) and the build (with blanks)
#   installed-only           install only the binary packages the root has
#   deb-build-options        words added to DEB_BUILD_OPTIONS
# (the two word lists read by package-settings.sh).
settings=/usr/lib/softticks/image/package-settings/$src
profiles= options="parallel=$jobs"
if [ -d "$settings" ]; then
  profiles=$(/usr/lib/softticks/image/package-settings.sh profiles "$settings")
  options=$(/usr/lib/softticks/image/package-settings.sh options "$settings" "$jobs")
fi

started=$(date +%s)
id builder >/dev/null 2>&1 || useradd --create-home --shell /bin/sh builder
rm -rf "$work"
mkdir -p "$work"
chown builder: "$work"

# Each step's failure stops the build (no set -e inside this || list).
{
  echo "== build-dep $src" &&
  apt-get -y --no-install-recommends build-dep --arch-only ${profiles:+-P "$(echo "$profiles" | tr ' ' ,)"} "$src" &&
  echo "== source $src" &&
  cd "$work" &&
  {
    runuser -u builder -- apt-get source --only-source "$src" ||
    {
      # A mirror that lacks the newest (security) upload's source: the
      # release's version, installed in its place (a downgrade, logged).
      echo "== source $src: the candidate's source is unavailable; trying bookworm's"
      rm -rf ./* &&
      runuser -u builder -- apt-get source --only-source "$src/bookworm"
    }
  } &&
  dir=$(find . -mindepth 1 -maxdepth 1 -type d | sed -n 1p) &&
  [ -n "$dir" ] && cd "$dir" &&
  if [ -f "$settings/patches/series" ]; then
    echo "== patches from $settings/patches" &&
    mkdir -p debian/patches/softticks &&
    cp "$settings"/patches/*.patch debian/patches/softticks/ &&
    sed -e '/^#/d' -e '/^$/d' -e 's|^|softticks/|' "$settings/patches/series" >> debian/patches/series &&
    chown -R builder: debian/patches
  fi &&
  echo "== dpkg-buildpackage $src $(dpkg-parsechangelog -S Version) (DEB_BUILD_OPTIONS=$options)" &&
  runuser -u builder -- env DEB_BUILD_OPTIONS="$options" ${profiles:+DEB_BUILD_PROFILES="$profiles"} \
    dpkg-buildpackage -B -uc -us &&
  if [ -x "$extra_tests" ]; then
    echo "== $extra_tests (tests debian/rules does not run)" &&
    runuser -u builder -- env MAKEFLAGS="-j$jobs" "$extra_tests"
  fi
} > "$log" 2>&1 || { echo "rebuild-package: $src failed; last lines of $log:" >&2; tail -n 40 "$log" >&2; exit 1; }

cd "$work"
debs=
for deb in ./*_amd64.deb; do
  case $deb in *-dbgsym_*|'./*_amd64.deb') continue ;; esac
  if [ -f "$settings/installed-only" ] &&
     ! dpkg-query -W -f '${Status}' "$(dpkg-deb --field "$deb" Package)" 2> /dev/null | grep 'ok installed' >/dev/null; then
    continue
  fi
  debs="$debs $deb"
done
test -n "$debs" || { echo "rebuild-package: $src built no amd64 package" >&2; exit 1; }
# dpkg -i: the rebuilt packages carry Debian's version, which apt would
# consider already installed.  Held and marked manual, so that neither an
# upgrade nor the final autoremove of build dependencies replaces them.
# shellcheck disable=SC2086
dpkg -i --force-downgrade $debs >> "$log" 2>&1 || apt-get -y -f --no-install-recommends install >> "$log" 2>&1
for deb in $debs; do
  name=$(dpkg-deb --field "$deb" Package)
  apt-mark manual "$name" >/dev/null
  apt-mark hold "$name" >/dev/null
  echo "$name $src" >> /var/lib/softticks/rebuilt-binaries.txt
done
rm -rf "$work"
seconds=$(( $(date +%s) - started ))
# What the build ran, said as it is: settings may turn the tests off.
case " $options " in
  *" nocheck "*) tested="without its test suite (nocheck)" ;;
  *) tested="with its tests" ;;
esac
echo "== rebuilt $tested and installed in $seconds s" >> "$log"
echo "rebuild-package: $src rebuilt $tested and installed in $seconds s:$debs"
