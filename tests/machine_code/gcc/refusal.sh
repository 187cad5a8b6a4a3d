#!/usr/bin/env bash
# Loaded into a GCC other than the one it was built for, the plugin refuses
# clearly, naming both: here the host plugin in the aarch64 cross GCC.
source "$(dirname "$0")/../lib.sh"
if "$ST_AARCH64_GCC" -fplugin="$ST_PLUGIN" -c "$ST_CORPUS/loops.c" -o loops.o 2> err.txt; then
  fail "the cross GCC accepted the host plugin"
fi
cat err.txt
grep -q "built for GCC .*target x86_64-linux-gnu.* loaded into GCC .*target aarch64-linux-gnu" err.txt ||
  fail "the refusal does not name both compilers"
