#!/usr/bin/env bash
# Builds the softticks image on a Debian 12 host (or a privileged debian:12
# container, as the rr workflow does): installs the build dependencies,
# then docker/build-rootfs.sh (which builds and installs this project's
# packages into a Debian 12 root filesystem) and docker/export-image.sh.
#   ci/build-image.sh OUTDIR [PACKAGES_FILE]
# OUTDIR gets rootfs/ (for ci/rr-in-image.sh) and image/ (OCI layout and
# docker-archive).  PACKAGES_FILE: Debian source packages to rebuild into
# the image (default: docker/build-rootfs.sh's list).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: $0 OUTDIR [PACKAGES_FILE]" >&2; exit 2; fi
cd "$(dirname "$0")/.."
for f in docker/build-rootfs.sh docker/export-image.sh; do
  [ -f "$f" ] || { echo "$0: $f is missing: this checkout has no image part (docker/)" >&2; exit 2; }
done
out=$1
packages=()
if [ $# -eq 2 ]; then
  [ -f "$2" ] || { echo "$0: no packages file $2" >&2; exit 2; }
  packages=(--packages "$(realpath "$2")")
fi
bash scripts/install-deps.sh
bash docker/build-rootfs.sh "$out/rootfs" "${packages[@]}"
bash docker/export-image.sh "$out/rootfs" "$out/image"
echo "build-image: root filesystem in $out/rootfs, image in $out/image"
