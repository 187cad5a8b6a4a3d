# shellcheck shell=bash
# Debian packages, installed only when missing, and the deb-src entry that
# `apt-get source` needs: sourced by scripts/install-deps.sh,
# docker/install-deps.sh and tests/realworld/install-deps.sh.

# as_root CMD...: runs CMD as root (through sudo unless root already).
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# missing_packages PKG...: the packages dpkg does not have installed, one a
# line (a package dpkg has never heard of is missing too).
missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null | grep -x installed >/dev/null || echo "$p"
  done
}

# apt-get as every apt call here runs it.  The lock timeout: other apt users
# (parallel jobs) may hold the lock.
apt_get=(env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900)

# install_packages PKG...: apt-get installs the missing packages.  When
# none is missing apt-get is not run at all, so a machine already set up
# needs neither the mirror nor apt's lock.
install_packages() {
  local missing
  mapfile -t missing < <(missing_packages "$@")
  if [ ${#missing[@]} -eq 0 ]; then
    echo "all $# packages are installed"
    return 0
  fi
  echo "installing ${#missing[@]} of $# packages: ${missing[*]}"
  as_root "${apt_get[@]}" update -qq
  as_root "${apt_get[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Where apt's configuration is (a test points it at a scratch directory).
apt_etc=${SOFTTICKS_APT_ETC:-/etc/apt}

# deb_src_configured: true when a sources file has a deb-src entry (one-line
# or deb822 style).  A fresh Debian 12 machine has none.
deb_src_configured() {
  grep -Eqs '^[[:space:]]*(deb-src[[:space:]]|Types:.*[[:space:]]deb-src\b)' \
    "$apt_etc/sources.list" "$apt_etc"/sources.list.d/*.list "$apt_etc"/sources.list.d/*.sources
}

# ensure_deb_src: adds bookworm's deb-src entry and updates the lists when
# there is none.  Tests that take Debian's sources (asm.gmp.mpn, the
# realworld suite) skip without it, so a CI machine would never run them.
ensure_deb_src() {
  deb_src_configured && return 0
  echo "adding a deb-src entry: $apt_etc/sources.list.d/debian-src.sources"
  as_root tee "$apt_etc/sources.list.d/debian-src.sources" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  as_root "${apt_get[@]}" update -qq
}
