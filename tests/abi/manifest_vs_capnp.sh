#!/usr/bin/env bash
# common/manifest.c against the capnp tool, the reference implementation:
#  - st_manifest_encode's message decodes with `capnp decode` to the fields
#    put in, and is byte for byte what `capnp encode` makes of them;
#  - st_manifest_decode reads `capnp encode`'s message back to the fields.
#   manifest_vs_capnp.sh CAPNP SCHEMA MANIFEST_TOOL EXAMPLE WORKDIR
set -euo pipefail
capnp=$1 schema=$2 tool=$3 example=$4 work=$5
mkdir -p "$work"
fail=0

# Each case: the manifest_tool arguments, then the capnp text expected.
check() {
  local expected=$1; shift
  local actual
  "$tool" encode "$@" >"$work/ours.bin"
  actual=$("$capnp" decode --short "$schema" ModuleManifest <"$work/ours.bin")
  if [ "$actual" != "$expected" ]; then
    echo "FAIL: encode $*"; echo "  expected: $expected"; echo "  capnp:    $actual"; fail=1
  fi
  "$capnp" encode "$schema" ModuleManifest <<<"$expected" >"$work/theirs.bin"
  if ! cmp -s "$work/ours.bin" "$work/theirs.bin"; then
    echo "FAIL: encode $*: bytes differ from capnp encode"
    od -An -tx1 "$work/ours.bin"; echo "  vs"; od -An -tx1 "$work/theirs.bin"; fail=1
  fi
  actual=$("$tool" decode <"$work/theirs.bin")
  if [ "$actual" != "$expected" ]; then
    echo "FAIL: decode of capnp's message"; echo "  expected: $expected"; echo "  ours:     $actual"; fail=1
  fi
  [ $fail = 0 ] && echo "ok: $expected"
  return 0
}

check '(abiVersion = 1, arch = x8664, compiler = "gcc", compilerVersion = "12.2.0", pluginVersion = "0.1.0", placementRulesVersion = 1)' \
  x86_64 gcc 12.2.0 0.1.0 1
check '(abiVersion = 1, arch = i386, compiler = "clang", compilerVersion = "19.1.7", pluginVersion = "0.1.0", placementRulesVersion = 2)' \
  i386 clang 19.1.7 0.1.0 2
check '(abiVersion = 1, arch = aarch64, compiler = "gcc", compilerVersion = "12.2.0 (Debian 12.2.0-14)", pluginVersion = "1234567", placementRulesVersion = 4294967295)' \
  aarch64 gcc "12.2.0 (Debian 12.2.0-14)" 1234567 4294967295
check '(abiVersion = 1, arch = unknown, compiler = "", compilerVersion = "12345678", pluginVersion = "x", placementRulesVersion = 0)' \
  unknown "" 12345678 x 0

# The checked-in example, through our decoder.
expected=$(cat "$example")
actual=$("$capnp" encode "$schema" ModuleManifest <"$example" | "$tool" decode)
if [ "$actual" != "$expected" ]; then
  echo "FAIL: example"; echo "  expected: $expected"; echo "  ours:     $actual"; fail=1
fi
exit $fail
