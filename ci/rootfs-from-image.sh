#!/usr/bin/env bash
# Unpacks a softticks image someone already built into a root filesystem
# directory for ci/rr-in-image.sh, instead of building it:
#   ci/rootfs-from-image.sh IMAGE OUTDIR
# IMAGE is one of
#   - an OCI image layout directory (docker/export-image.sh's), optionally
#     DIR:TAG (default tag: the only one, else "latest"): unpacked with umoci;
#   - a docker-archive file (.tar), or an http(s) URL of one: docker load;
#   - a docker image reference (registry/name:tag): docker pull.
# The docker forms need a Docker daemon (GitHub's hosted runners have one).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 IMAGE OUTDIR" >&2; exit 2; }
image=$1
out=$2
die() {
  echo "rootfs-from-image: $*" >&2
  exit 2
}
[ ! -e "$out" ] || die "$out exists; give a new directory"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rootfs-from-image.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

layout=${image%:*}
tag=
[ "$layout" = "$image" ] || tag=${image##*:}
if [ -f "$layout/oci-layout" ]; then
  command -v umoci >/dev/null || die "umoci not installed (Debian package umoci)"
  if [ -z "$tag" ]; then
    mapfile -t tags < <(umoci ls --layout "$layout")
    if [ ${#tags[@]} -eq 1 ]; then tag=${tags[0]}; else tag=latest; fi
  fi
  rootless=()
  [ "$(id -u)" = 0 ] || rootless=(--rootless) # file owners then become the caller
  umoci unpack "${rootless[@]}" --image "$layout:$tag" "$tmp/bundle" >"$tmp/umoci.log" 2>&1 ||
    die "umoci unpack $layout:$tag failed: $(cat "$tmp/umoci.log")"
  mv -- "$tmp/bundle/rootfs" "$out"
  echo "rootfs-from-image: $layout:$tag unpacked into $out"
  exit 0
fi

command -v docker >/dev/null || die "$image is not an OCI layout, and docker is not installed"
case $image in
http://* | https://*)
  curl -fsSL -o "$tmp/image.tar" "$image" || die "cannot download $image"
  image=$tmp/image.tar
  ;;
esac
if [ -f "$image" ]; then
  ref=$(docker load -i "$image" | sed -n 's/^Loaded image: //p' | tail -n 1)
  [ -n "$ref" ] || die "docker load -i $image named no image"
else
  docker pull "$image" >/dev/null || die "docker pull $image failed"
  ref=$image
fi
container=$(docker create "$ref" /bin/true)
mkdir -p "$tmp/rootfs"
docker export "$container" | tar -x -C "$tmp/rootfs" || { docker rm "$container" >/dev/null; die "docker export $ref failed"; }
docker rm "$container" >/dev/null
mv -- "$tmp/rootfs" "$out"
echo "rootfs-from-image: $ref exported into $out"
