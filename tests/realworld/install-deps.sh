#!/usr/bin/env bash
# Installs what the realworld suite needs on Debian 12, on top of
# scripts/install-deps.sh: a deb-src entry, gcc-11 with its plugin headers,
# the projects' build dependencies (apt-get build-dep), and their sources in
# the cache run.sh reads (SOFTTICKS_REALWORLD_CACHE). Safe to run again.
set -euo pipefail

sources=(zlib bzip2 xz-utils lua5.4 gzip expat pcre2 libyaml libonig jq libjsoncpp)
cache=${SOFTTICKS_REALWORLD_CACHE:-/var/cache/softticks-realworld/src}

sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
apt="$sudo apt-get -o DPkg::Lock::Timeout=900"
export DEBIAN_FRONTEND=noninteractive

if ! apt-get source --print-uris zlib >/dev/null 2>&1; then
  $sudo tee /etc/apt/sources.list.d/debian-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  $apt update -qq
fi
$apt install -y -qq --no-install-recommends gcc-11 g++-11 gcc-11-plugin-dev \
  dpkg-dev autoconf automake libtool python3 >/dev/null
$apt build-dep -y -qq --no-install-recommends "${sources[@]}" >/dev/null

$sudo mkdir -p "$cache"
cd "$cache"
for pkg in "${sources[@]}"; do
  compgen -G "${pkg}_*.dsc" >/dev/null || $sudo apt-get source -qq --download-only "$pkg" >/dev/null
done
echo "realworld install-deps: done"
