# shellcheck shell=bash
# Debian packages, installed only when missing: sourced by
# scripts/install-deps.sh and docker/install-deps.sh.

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

# install_packages PKG...: apt-get installs the missing packages.  When
# none is missing apt-get is not run at all, so a machine already set up
# needs neither the mirror nor apt's lock.
install_packages() {
  local missing apt=(env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900)
  mapfile -t missing < <(missing_packages "$@")
  if [ ${#missing[@]} -eq 0 ]; then
    echo "all $# packages are installed"
    return 0
  fi
  echo "installing ${#missing[@]} of $# packages: ${missing[*]}"
  # The lock timeout: other apt users (parallel jobs) may hold the lock.
  as_root "${apt[@]}" update -qq
  as_root "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
