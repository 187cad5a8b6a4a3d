#!/usr/bin/env bash
# cmake --install puts the plugin in GCC's plugin directory, where
# -fplugin=softticks (no path) finds it: installed under a DESTDIR here,
# with -iplugindir pointing GCC at the staged directory.
# Usage: install.sh CMAKE PLUGIN_BUILD_DIR HOST_PLUGIN_DIR [CROSS_PLUGIN_DIR]
source "$(dirname "$0")/../lib.sh"
cmake=$1 build=$2 host_dir=$3 cross_dir=${4:-}
DESTDIR=$ST_WORK/stage "$cmake" -P "$build/cmake_install.cmake" > install.log
[ -f "stage$host_dir/softticks.so" ] || fail "not installed in stage$host_dir"
"$ST_GCC" -fplugin=softticks -iplugindir="$ST_WORK/stage$host_dir" -O2 -c "$ST_CORPUS/loops.c" -o loops.o
[ "$("$ST_BIN_TICKS" x86_64 loops.o)" = 11 ] || fail "-fplugin=softticks did not instrument"
if [ -n "$cross_dir" ]; then
  [ -f "stage$cross_dir/softticks.so" ] || fail "not installed in stage$cross_dir"
  "$ST_AARCH64_GCC" -fplugin=softticks -iplugindir="$ST_WORK/stage$cross_dir" -O2 \
    -c "$ST_CORPUS/loops.c" -o loops_a64.o
  [ "$("$ST_BIN_TICKS" aarch64 loops_a64.o)" = 11 ] || fail "cross -fplugin=softticks did not instrument"
fi
