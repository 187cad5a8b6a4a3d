#!/usr/bin/env bash
# Installs what the realworld suite needs on Debian 12, on top of
# scripts/install-deps.sh: a deb-src entry, gcc-11 with its plugin headers,
# the projects' build dependencies (apt-get build-dep), and their sources in
# the cache run.sh reads (SOFTTICKS_REALWORLD_CACHE). Safe to run again.
#
# Never gcc-multilib: it conflicts with the aarch64 cross compiler
# (g++-aarch64-linux-gnu, gcc-12-plugin-dev-aarch64-linux-gnu) that the main
# suite needs, and apt would remove that to install it.  zlib is the only
# project that asks for it, under the build profile `<!nobiarch>`, so the
# build-deps are installed with the profile nobiarch (gcc-12-multilib and
# g++-12-multilib instead).  --arch-only: the Build-Depends-Indep are for
# documentation (doxygen, docbook2x, texinfo) and gzip's Windows build
# (mingw-w64, hundreds of MB), none of which the suite builds.  Each apt
# command is simulated first: if it would remove any package, nothing is
# installed and the script fails, naming them.
#
#   install-deps.sh            install
#   install-deps.sh --dry-run  only the simulations: fails if apt would
#                              remove a package (test realworld_install_deps)
set -euo pipefail
dry_run=0
case ${1-} in
  --dry-run) dry_run=1 ;;
  "") ;;
  *) echo "usage: install-deps.sh [--dry-run]" >&2; exit 2 ;;
esac

sources=(zlib bzip2 xz-utils lua5.4 gzip expat pcre2 libyaml libonig jq libjsoncpp)
cache=${SOFTTICKS_REALWORLD_CACHE:-/var/cache/softticks-realworld/src}

sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
apt="$sudo apt-get -o DPkg::Lock::Timeout=900"
export DEBIAN_FRONTEND=noninteractive

# shellcheck source-path=SCRIPTDIR source=../../scripts/lib/packages.sh
. "$(dirname "$0")/../../scripts/lib/packages.sh"
if [ $dry_run = 1 ] && ! deb_src_configured; then
  echo "realworld install-deps: SKIP: no deb-src entry (run install-deps.sh)"; exit 77
fi
ensure_deb_src

# Refuses an apt command that would remove a package (e.g. the cross
# compiler); runs it otherwise.
install_keeping_all() {
  local removed
  removed=$(apt-get -s "$@" 2>&1 | awk '$1 == "Remv" { print $2 }') || true
  if [ -n "$removed" ]; then
    echo "realworld install-deps: refusing 'apt-get $*': it would remove" $removed >&2
    exit 1
  fi
  if [ $dry_run = 1 ]; then echo "realworld install-deps: 'apt-get $*' removes nothing"; return; fi
  $apt -y -qq "$@" >/dev/null
}
install_keeping_all install --no-install-recommends gcc-11 g++-11 gcc-11-plugin-dev \
  gcc-12-multilib g++-12-multilib dpkg-dev autoconf automake libtool python3
install_keeping_all build-dep --arch-only -P nobiarch --no-install-recommends "${sources[@]}"
if [ $dry_run = 1 ]; then exit 0; fi

# What gcc-multilib would have provided: <asm/...> for -m32 builds.
if [ ! -e /usr/include/asm ]; then
  $sudo ln -s x86_64-linux-gnu/asm /usr/include/asm
fi

$sudo mkdir -p "$cache"
cd "$cache"
for pkg in "${sources[@]}"; do
  compgen -G "${pkg}_*.dsc" >/dev/null || $sudo apt-get source -qq --download-only "$pkg" >/dev/null
done
echo "realworld install-deps: done"
