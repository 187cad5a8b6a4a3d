#!/usr/bin/env bash
# Identical manifests share a COMDAT group, so a linked module keeps one
# copy of each distinct manifest: two units with the same manifest and one
# with another link into a module with exactly two manifest notes.
#   manifest_dedupe.sh MANIFEST_TOOL READELF WORKDIR -- CC...
set -euo pipefail
tool=$1 readelf=$2 work=$3
shift 3
[ "${1:-}" = "--" ] && shift
mkdir -p "$work"
"$tool" asm x86_64 gcc 12.2.0 0.1.0 1 >"$work/a.s"
cp "$work/a.s" "$work/b.s"
"$tool" asm x86_64 gcc 12.2.0 0.1.0 2 >"$work/c.s"
for u in a b c; do "$@" -c "$work/$u.s" -o "$work/$u.o"; done
rm -f "$work/lib.so"
"$@" -shared -nostdlib "$work/a.o" "$work/b.o" "$work/c.o" -o "$work/lib.so"
count=$("$readelf" -n "$work/lib.so" | grep -Ec '^ +softticks +0x')
if [ "$count" != 2 ]; then
  echo "FAIL: $count manifest notes in the linked module, expected 2"
  "$readelf" -n "$work/lib.so"
  exit 1
fi
echo "ok: 3 units, 2 distinct manifests, 2 notes after linking"
