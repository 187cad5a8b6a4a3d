#!/usr/bin/env bash
# What softticks-inspect reads back from programs the plugin built: the
# verdict, one initializer with one .init_array entry, and a manifest that
# names gcc, this GCC's version, the plugin version and the architecture.
# Usage: inspect.sh INSPECT ARCH FLAGS...
source "$(dirname "$0")/../lib.sh"
inspect=$1 arch=$2
shift 2
case $arch in
  x86_64) arch_name=x86-64 ;;
  *) arch_name=$arch ;;
esac
version=$(plain_cc "$arch" -dumpfullversion)
st_cc "$arch" "$@" "$ST_CORPUS/loops.c" -o loops
"$inspect" --json loops > loops.json 2> summary.json || fail "inspect exited $?"
cat loops.json
expect() { grep -q -- "$1" loops.json || fail "inspect does not report $1"; }
expect '"verdict": "instrumented"'
expect '"tick_sites": 11,'
expect '"initializer": {"definitions": 1, "init_array_entries": 1'
expect '"manifest_notes": 1,'
expect "\"arch\": \"$arch_name\", \"compiler\": \"gcc\", \"compiler_version\": \"$version\""
expect '"plugin_version": "[0-9]'
