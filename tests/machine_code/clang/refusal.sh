#!/usr/bin/env bash
# A plugin built for another LLVM major: LLVM_PLUGIN_API_VERSION does not
# tell them apart, so the plugin checks the host itself and declines with a
# message naming both versions -- no crash.
#
# One way round the plugin never gets to run: the plugin built for LLVM 22
# in an older host (19, 14).  Its headers make it refer to data that those
# LLVMs do not define (the AllocMarker of GlobalVariable, CmpInst and other
# instructions, new in LLVM 20; MCRegisterInfo's vtable), data references are
# bound when the library is loaded, not at first call, and so the dynamic
# loader refuses the plugin before any of its code (HostCheck.cpp included)
# runs: clang says "unable to load plugin '...': ... undefined symbol: ...",
# opt "Could not load library '...': ... undefined symbol: ..." (opt 14
# only "Failed to load passes from '...'. Request ignored."), exit 1.
# That refusal is the host's own and names the plugin, so it is accepted
# here -- only when the plugin is the newer one, and still without a crash
# (llvm-pass/README.md, "A plugin for another LLVM").
# Usage: refusal.sh OTHER_MAJOR OTHER_PLUGIN
source "$(dirname "$0")/../lib.sh"
other_major=$1 other_plugin=$2
printf 'int f(int n) { int s = 0; while (n--) s += n; return s; }\n' > f.c

# refused FILE WHO PATTERN: FILE holds softticks' message, or (a newer
# plugin in an older host) the loader's refusal of the plugin, PATTERN.
refused() {
  # Hosts older than 16 can only be told apart by their library's name; a
  # statically linked one is reported as "<= 15".
  if grep -Eq "softticks: this plugin was built for LLVM $other_major but was loaded into LLVM (<= )?$ST_MAJOR" "$1"; then
    return 0
  fi
  if (( other_major > ST_MAJOR )) && grep -Fq "$other_plugin" "$1" && grep -Eq "$3" "$1"; then
    echo "($2: refused by the dynamic loader before the plugin ran: an LLVM $other_major plugin refers to data LLVM $ST_MAJOR lacks)"
    return 0
  fi
  fail "$2: no clear message"
}

rc=0
"$ST_CLANG" -O2 -c f.c -fpass-plugin="$other_plugin" > out.txt 2>&1 || rc=$?
cat out.txt
[ "$rc" != 0 ] || fail "clang-$ST_MAJOR accepted the LLVM $other_major plugin"
refused out.txt clang "error: unable to load plugin .*undefined symbol: "
if grep -qi "stack dump\|PLEASE submit\|segmentation" out.txt; then fail "crashed"; fi
rc=0
"$ST_BINDIR/opt" -load-pass-plugin="$other_plugin" -passes=softticks -disable-output /dev/null > opt.txt 2>&1 || rc=$?
cat opt.txt
[ "$rc" != 0 ] || fail "opt-$ST_MAJOR ran the LLVM $other_major plugin"
refused opt.txt opt "Could not load library .*undefined symbol: |Failed to load passes from "
if grep -qi "stack dump\|PLEASE submit" opt.txt; then fail "opt crashed"; fi
echo "ok"
