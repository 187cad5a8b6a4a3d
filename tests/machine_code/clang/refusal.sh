#!/usr/bin/env bash
# A plugin built for another LLVM major: LLVM_PLUGIN_API_VERSION does not
# tell them apart, so the plugin checks the host itself and declines with a
# message naming both versions -- no crash.
# Usage: refusal.sh OTHER_MAJOR OTHER_PLUGIN
source "$(dirname "$0")/../lib.sh"
other_major=$1 other_plugin=$2
printf 'int f(int n) { int s = 0; while (n--) s += n; return s; }\n' > f.c
rc=0
"$ST_CLANG" -O2 -c f.c -fpass-plugin="$other_plugin" > out.txt 2>&1 || rc=$?
cat out.txt
[ "$rc" != 0 ] || fail "clang-$ST_MAJOR accepted the LLVM $other_major plugin"
# Hosts older than 16 can only be told apart by their library's name; a
# statically linked one is reported as "<= 15".
grep -Eq "softticks: this plugin was built for LLVM $other_major but was loaded into LLVM (<= )?$ST_MAJOR" out.txt ||
  fail "no clear message"
if grep -qi "stack dump\|PLEASE submit\|segmentation" out.txt; then fail "crashed"; fi
rc=0
"$ST_BINDIR/opt" -load-pass-plugin="$other_plugin" -passes=softticks -disable-output /dev/null > opt.txt 2>&1 || rc=$?
cat opt.txt
[ "$rc" != 0 ] || fail "opt-$ST_MAJOR ran the LLVM $other_major plugin"
grep -Eq "built for LLVM $other_major but was loaded into LLVM (<= )?$ST_MAJOR" opt.txt || fail "opt: no message"
if grep -qi "stack dump\|PLEASE submit" opt.txt; then fail "opt crashed"; fi
echo "ok"
