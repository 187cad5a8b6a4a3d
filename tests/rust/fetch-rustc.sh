#!/usr/bin/env bash
# fetch-rustc.sh VERSION DIR: unpacks Debian 12's rustc-web VERSION (its
# rustc, cargo, std and std source: apt-get download, dpkg -x) into DIR and
# writes DIR/bin/rustc and DIR/bin/cargo.  Debian installs one rustc-web at
# a time (1.96 from bookworm-security replaces 1.85); the tests build with
# the other one from here.  Exit 77 when the packages cannot be fetched.
set -euo pipefail
version=${1:?VERSION (e.g. 1.85)} dir=${2:?DIR}
if [ -x "$dir/bin/rustc" ] && "$dir/bin/rustc" -vV >/dev/null 2>&1; then
  "$dir/bin/rustc" --version
  exit 0
fi
full=$(apt-cache madison rustc-web 2>/dev/null | awk -v v="$version" '!f && $3 ~ "^"v"\\." {print $3; f=1}')
[ -n "$full" ] || { echo "SKIP: apt-cache knows no rustc-web $version"; exit 77; }
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/debs"
(cd "$dir.tmp/debs" &&
 apt-get download "rustc-web=$full" "cargo-web=$full" "libstd-rust-web-$version=$full" \
   "libstd-rust-web-dev=$full" "rust-web-src=$full") ||
  { echo "SKIP: apt-get download of rustc-web $full failed"; exit 77; }
for deb in "$dir.tmp"/debs/*.deb; do dpkg -x "$deb" "$dir.tmp/root"; done
rm -rf "$dir.tmp/debs"
mkdir -p "$dir.tmp/bin"
for tool in rustc cargo; do
  # LD_LIBRARY_PATH: rustc's own librustc_driver, unpacked beside it.
  cat >"$dir.tmp/bin/$tool" <<EOS
#!/bin/sh
LD_LIBRARY_PATH="$dir/root/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$dir/root/usr/bin/$tool" "\$@"
EOS
  chmod +x "$dir.tmp/bin/$tool"
done
rm -rf "$dir"
mv "$dir.tmp" "$dir"
"$dir/bin/rustc" -vV
