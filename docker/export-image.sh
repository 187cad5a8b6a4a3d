#!/usr/bin/env bash
# Exports a root filesystem made by build-rootfs.sh as an OCI image layout
# (umoci) and a `docker load` archive (skopeo):
#   docker/export-image.sh OUTDIR IMAGE_DIR
# IMAGE_DIR/oci                 OCI image layout, tag "softticks"
# IMAGE_DIR/softticks-image.tar docker-archive, loads as softticks-debian12:latest
# Written into IMAGE_DIR.tmp and renamed at the end; IMAGE_DIR must not exist.
set -euo pipefail
[ $# = 2 ] || { echo "usage: $0 OUTDIR IMAGE_DIR" >&2; exit 2; }
rootfs=$1
image=$2
[ "$(id -u)" = 0 ] || { echo "export-image: must run as root (the files keep their owners)" >&2; exit 1; }
for tool in umoci skopeo; do
  command -v $tool >/dev/null || { echo "export-image: $tool missing: bash docker/install-deps.sh" >&2; exit 1; }
done
if [ ! -x "$rootfs/usr/bin/gcc" ] || [ ! -f "$rootfs/var/lib/softticks/audit.txt" ]; then
  echo "export-image: $rootfs is not a root filesystem made by build-rootfs.sh" >&2; exit 1
fi
[ -e "$image" ] && { echo "export-image: $image already exists" >&2; exit 1; }
if grep -q " $(realpath "$rootfs")/" /proc/mounts; then
  echo "export-image: something is mounted under $rootfs" >&2; exit 1
fi

tmp=$image.tmp
rm -rf "$tmp"
cleanup() {
  local rc=$?
  [ $rc = 0 ] || rm -rf "$tmp"
  exit $rc
}
trap cleanup EXIT
mkdir -p "$tmp"
umoci init --layout "$tmp/oci"
umoci new --image "$tmp/oci:softticks"
# One layer: the whole root filesystem.
umoci insert --image "$tmp/oci:softticks" "$rootfs" /
umoci config --image "$tmp/oci:softticks" \
  --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --config.env LANG=C.UTF-8 \
  --config.workingdir / \
  --config.cmd /bin/bash \
  --config.label org.opencontainers.image.title=softticks-debian12 \
  --config.label "org.opencontainers.image.description=Debian 12 whose gcc, g++, cc, c++ and clang build for rr software ticks"
umoci gc --layout "$tmp/oci"
skopeo copy --quiet "oci:$tmp/oci:softticks" "docker-archive:$tmp/softticks-image.tar:softticks-debian12:latest"
mv "$tmp" "$image"
echo "export-image: $image/oci ($(du -sh "$image/oci" | cut -f1)), $image/softticks-image.tar ($(du -sh "$image/softticks-image.tar" | cut -f1))"
