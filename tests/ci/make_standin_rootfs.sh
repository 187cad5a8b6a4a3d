#!/usr/bin/env bash
# Makes the stand-in for the image's root filesystem that the ci tests run
# ci/rr-in-image.sh in: Debian 12 (mmdebstrap, variant apt) with gcc, g++,
# cmake, ninja and make, and libelf1 for softticks-tools.  Written to a temporary name and renamed when
# complete, so an interrupted run leaves nothing that looks usable.
# Usage: make_standin_rootfs.sh DIR   (exit 77: mmdebstrap or the mirror unavailable)
set -euo pipefail
dir=$1
[ ! -e "$dir" ] || { echo "make_standin_rootfs: $dir exists" >&2; exit 1; }
command -v mmdebstrap >/dev/null || { echo "SKIP: mmdebstrap not installed (Debian package mmdebstrap)"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "SKIP: making a root filesystem needs root"; exit 77; }
tmp=$dir.partial
rm -rf -- "$tmp"
if ! mmdebstrap --quiet --variant=apt --mode=root \
  --include=gcc,g++,cmake,ninja-build,make,binutils,libelf1 \
  bookworm "$tmp" >"$dir.log" 2>&1; then
  rm -rf -- "$tmp"
  if grep -qiE "could not resolve|temporary failure|failed to fetch|unable to connect|connection (refused|timed out)" "$dir.log"; then
    echo "SKIP: mmdebstrap cannot reach the Debian mirror: $(grep -iE 'resolve|fetch|connect' "$dir.log" | sed -n 1p)"
    exit 77
  fi
  echo "make_standin_rootfs: mmdebstrap failed:" >&2
  tail -20 "$dir.log" >&2
  exit 1
fi
mv -- "$tmp" "$dir"
