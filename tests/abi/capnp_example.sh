#!/usr/bin/env bash
# The example manifest (abi/examples/manifest.txt) survives
# `capnp encode` then `capnp decode --short` unchanged.
#   capnp_example.sh CAPNP SCHEMA EXAMPLE
set -euo pipefail
capnp=$1 schema=$2 example=$3
expected=$(cat "$example")
actual=$("$capnp" encode "$schema" ModuleManifest <"$example" |
         "$capnp" decode --short "$schema" ModuleManifest)
if [ "$actual" != "$expected" ]; then
  echo "FAIL: round trip changed the example"
  echo "  expected: $expected"
  echo "  actual:   $actual"
  exit 1
fi
echo "ok: $actual"
