#!/usr/bin/env bash
# -fplugin-arg-softticks-stats, an unknown argument, and the help text.
source "$(dirname "$0")/../lib.sh"
st_cc x86_64 -O0 -fplugin-arg-softticks-stats -c "$ST_CORPUS/loops.c" -o loops.o 2> stats.txt ||
  fail "stats run failed"
cat stats.txt
grep -qx 'softticks: nested_loops: 3 ticks' stats.txt || fail "no per-function line"
grep -qx 'softticks: unit .*loops.c: 11 ticks in 6 functions' stats.txt || fail "no unit line"

if st_cc x86_64 -fplugin-arg-softticks-bogus=1 -c "$ST_CORPUS/loops.c" -o bad.o 2> bad.txt; then
  fail "an unknown argument was accepted"
fi
cat bad.txt
grep -q "unknown argument.*-fplugin-arg-softticks-bogus=1" bad.txt || fail "the error does not name it"
[ ! -e bad.o ] || fail "an object was written despite the error"

"$ST_GCC" -fplugin="$ST_PLUGIN" -v --help > help.txt 2>&1 || true
grep -A8 "Help for the loaded plugins" help.txt | grep -- "-fplugin-arg-softticks-stats" >/dev/null ||
  fail "gcc -v --help does not show the plugin's help"
"$ST_GCC" -fplugin="$ST_PLUGIN" -v --version -c "$ST_CORPUS/loops.c" -o version.o > version.txt 2>&1
grep -A3 "Versions of loaded plugins" version.txt | grep "softticks: [0-9]" >/dev/null ||
  fail "gcc -v --version does not show the plugin's version"

if st_cc x86_64 -fplugin-arg-softticks-stats=yes -c "$ST_CORPUS/loops.c" -o value.o 2> value.txt; then
  fail "stats=yes was accepted"
fi
grep -q "stats.* takes no value" value.txt || fail "no clear error for a value given to stats"

# The plugin loaded twice under two file names (GCC takes them for two
# plugins): the second copy warns and does nothing, so every site ticks
# once, as with one -fplugin=.
cp "$ST_PLUGIN" softticks_again.so
st_cc x86_64 -O2 -c "$ST_CORPUS/loops.c" -o once.o || fail "one plugin"
st_cc x86_64 -O2 -fplugin="$PWD/softticks_again.so" -c "$ST_CORPUS/loops.c" -o twice.o 2> twice.txt ||
  fail "the plugin twice: $(cat twice.txt)"
cat twice.txt
grep -q "softticks: the plugin is already loaded from" twice.txt || fail "no warning for the second copy"
once=$(objdump -d once.o | grep -c 'testb  *$0x80,0x70001807')
twice=$(objdump -d twice.o | grep -c 'testb  *$0x80,0x70001807')
[ "$once" -gt 0 ] && [ "$twice" = "$once" ] || fail "ticks: $once with one plugin, $twice with two"
echo "ok: a second copy of the plugin adds no tick ($once sites)"
