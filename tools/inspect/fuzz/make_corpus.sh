#!/usr/bin/env bash
# Regenerates tools/inspect/fuzz/corpus/ (names without .o/.so/.a: .gitignore hides
# those): tiny ELF files (relocatable and linked, three
# arches) that carry every structure softticks-inspect reads: tick
# sequences, the ABI note, the initializer and its .init_array entry
# (relocation and RELATIVE forms), symbols.  Checked in so that the
# harness runs without the fixture build; the build adds the test
# fixtures as further seeds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=$here/corpus
mkdir -p "$out"
common=(-Os -I"$root/include" -Wa,--noexecstack -fno-asynchronous-unwind-tables
        -DWITH_NOTE -DWITH_INIT -ffreestanding -nostdlib -Wl,--build-id=none)
build() { # arch compiler...
  local arch=$1; shift
  "$@" "${common[@]}" -c "$here/seed.c" -o /tmp/seed.$$.o
  "$@" "${common[@]}" -c "$root/tests/inspect/fixtures/module_by_hand.S" -o /tmp/mod.$$.o
  "$@" "${common[@]}" -r /tmp/seed.$$.o /tmp/mod.$$.o -o "$out/$arch-relocatable"
  "$@" "${common[@]}" -static -Wl,-n -Wl,-z,max-page-size=64 -Wl,-z,common-page-size=64 -Wl,-z,noseparate-code -Wl,--no-warn-rwx-segments \
    /tmp/seed.$$.o /tmp/mod.$$.o -o "$out/$arch-exe"
  "$@" "${common[@]}" -fPIC -shared -Wl,-z,max-page-size=64 -Wl,-z,common-page-size=64 -Wl,-z,noseparate-code -Wl,-z,norelro \
    "$here/seed.c" "$root/tests/inspect/fixtures/module_by_hand.S" -o "$out/$arch-shared"
  rm -f /tmp/seed.$$.o /tmp/mod.$$.o
}
build x86_64 gcc -m64
build i386 gcc -m32
build aarch64 aarch64-linux-gnu-gcc
for f in "$out"/*; do
  objcopy --remove-section=.comment "$f" 2>/dev/null || aarch64-linux-gnu-objcopy --remove-section=.comment "$f"
done
# A static library, with a member name long enough for the long-name table.
tmp=$(mktemp -d)
cp "$out/i386-relocatable" "$tmp/a-member-with-a-long-name.o"
rm -f "$out/static-library"
(cd "$tmp" && cp "$out/x86_64-relocatable" x86_64.o &&
  ar rc "$out/static-library" x86_64.o a-member-with-a-long-name.o)
rm -rf "$tmp"
# No section headers at all: the inspector falls back to the segments.
objcopy_19=$(command -v llvm-objcopy-19 || command -v llvm-objcopy || true)
if [ -n "$objcopy_19" ]; then
  "$objcopy_19" --strip-sections "$out/x86_64-exe" "$out/x86_64-exe-nosections"
fi
ls -l "$out"
