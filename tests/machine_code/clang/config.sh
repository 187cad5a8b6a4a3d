#!/usr/bin/env bash
# The clang config file: it loads the plugin and predefines __RR_SOFTTICKS__
# (1, the ABI version); -mllvm -softticks-stats works through it; compile
# and link lines stay warning-free.  And the installed layout:
# lib/softticks/llvm-<major>/{softticks.so,softticks.cfg}, the config
# naming the installed plugin.  Usage: config.sh BUILD_DIR
source "$(dirname "$0")/../lib.sh"
build=$1
# main: an entry tick and a loop (volatile sum, trip count from argc, so
# that -O1 keeps one loop; -O2 would unroll it with a remainder loop) = 2
# ticks.
cat > p.c << 'SRC'
#include <stdio.h>
int main(int argc, char **argv) {
  volatile int s = 0;
  (void)argv;
  for (int i = 0; i < argc * 4; i++) s += i;
  printf("%d\n", s);
  return 0;
}
SRC

[ "$(st_cc x86_64 -dM -E -x c /dev/null | grep -c '^#define __RR_SOFTTICKS__ 1$')" = 1 ] ||
  fail "config does not predefine __RR_SOFTTICKS__ 1"
if plain_cc x86_64 -dM -E -x c /dev/null | grep __RR_SOFTTICKS__ >/dev/null; then fail "predefined without the config"; fi

st_cc x86_64 -O1 -Wall -Werror -c p.c -o p.o 2> stats.err -mllvm -softticks-stats || fail "compile: $(cat stats.err)"
grep -q '^softticks: p.c: 2 ticks in 1 functions$' stats.err || fail "stats: $(cat stats.err)"
st_cc x86_64 -Wall -Werror p.o -o p || fail "link with the config warns or fails"
[ "$(./p)" = 6 ] || fail "p printed $(./p)"
[ "$("$ST_BIN_TICKS" x86_64 p)" = 2 ] || fail "p has $("$ST_BIN_TICKS" x86_64 p) ticks, expected 2"

# -O0: clang <= 18 relaxes every branch it sees there (-mrelax-all); the
# tick's short jumps are bytes, so every tick keeps the ABI's bytes.
st_cc x86_64 -O0 p.c -o p0 || fail "-O0 build"
[ "$("$ST_BIN_TICKS" x86_64 p0)" = 2 ] ||
  fail "-O0: $("$ST_BIN_TICKS" x86_64 p0) ticks with the ABI's bytes, expected 2"

# Installed: only llvm-pass/'s install rules, into a scratch prefix.
cmake -DCMAKE_INSTALL_PREFIX="$PWD/prefix" -P "$build/llvm-pass/cmake_install.cmake" > install.log ||
  fail "install: $(cat install.log)"
libdir=$(ls -d prefix/lib*/softticks/llvm-"$ST_MAJOR") || fail "no lib*/softticks/llvm-$ST_MAJOR"
[ -f "$libdir/softticks.so" ] || fail "no installed plugin"
grep -qx -- "-fpass-plugin=$PWD/$libdir/softticks.so" "$libdir/softticks.cfg" ||
  fail "installed config does not name the installed plugin: $(cat "$libdir/softticks.cfg")"
"$ST_CLANG" --config "$PWD/$libdir/softticks.cfg" -O1 p.c -o p2 || fail "build with the installed config"
[ "$("$ST_BIN_TICKS" x86_64 p2)" = 2 ] || fail "installed config: no ticks"
if [ "$ST_MAJOR" -ge 15 ]; then
  grep -qx -- "-Wl,--load-pass-plugin=$PWD/$libdir/softticks.so" "$libdir/softticks-lto.cfg" ||
    fail "installed softticks-lto.cfg does not load the installed plugin at link time"
  "$ST_CLANG" --config "$PWD/$libdir/softticks-lto.cfg" -O1 -flto=thin p.c -o p3 ||
    fail "ThinLTO build with the installed softticks-lto.cfg"
  [ "$("$ST_BIN_TICKS" x86_64 p3)" = 2 ] || fail "installed softticks-lto.cfg: no ticks"
fi
echo "ok"
