#!/usr/bin/env bash
# glibc's configure compiles `int main (void) { __builtin_trap (); }` and
# stops with "confusing output from nm -u" unless `nm -u` of the object
# prints nothing (its __builtin_trap check).  Instrumented, that unit (no
# glibc header seen, so no early mapping) must need what the plain one
# needs: the module parts need no symbol from outside the object.  A page check that referred to
# __ehdr_start broke the image's glibc build this way.  Checked for the
# GCC plugin (alone, and with softticks-as as the image's gcc runs it) and
# the LLVM pass, at -O0 and -O2, x86-64 and i386 (each object carrying
# the parts, the page check among them); aarch64 with the cross
# GCC and its plugin (ST_AARCH64_GCC, ST_AARCH64_PLUGIN in the environment)
# and clang --target=aarch64-linux-gnu.  softticks-as alone on
# compiler output without the plugin keeps the early mapping, whose GOT
# reference names _GLOBAL_OFFSET_TABLE_ (asm/README.md, the libc rule).
#   parts_self_contained.sh WORK GCC GCC_PLUGIN SAS_BIN [CLANG CLANG_CONFIG]
set -euo pipefail
work=$1 gcc=$2 plugin=$3 sas_bin=$4 clang=${5:-} config=${6:-}
rm -rf "$work" && mkdir -p "$work" && cd "$work"
printf 'int\nmain (void)\n{\n__builtin_trap ();\n  ;\n  return 0;\n}\n' > conftest.c
n=0
# check LABEL FLAGS CC ARGS...: nm -u of the object CC ARGS FLAGS makes is
# nm -u of the one CC ARGS makes (i386 PIE code from gcc names
# _GLOBAL_OFFSET_TABLE_ either way).
check() {
  local label=$1 flags=$2 plain undefined
  shift 2
  "$@" -c conftest.c -o plain.o
  plain=$(nm -u plain.o)
  # shellcheck disable=SC2086 # FLAGS: words
  "$@" $flags -c conftest.c -o conftest.o
  undefined=$(nm -u conftest.o)
  [ "$undefined" = "$plain" ] ||
    { echo "FAIL: $label: nm -u prints '$undefined', for the plain object '$plain'" >&2; exit 1; }
  # Not for want of the parts: the unit carries them, the page check too.
  nm conftest.o | grep ' __rr_softticks_page_check$' >/dev/null ||
    { echo "FAIL: $label: no page check in the instrumented object" >&2; exit 1; }
  n=$((n + 1))
}
for o in -O0 -O2; do
  for m in -m64 -m32; do
    check "gcc plugin $o $m" "-fplugin=$plugin" "$gcc" "$m" "$o"
    check "gcc plugin + softticks-as $o $m" "-fplugin=$plugin -B$sas_bin/" "$gcc" "$m" "$o"
    if [ -n "$clang" ]; then check "clang pass $o $m" "--config $config" "$clang" "$m" "$o"; fi
  done
done
for o in -O0 -O2; do
  if [ -n "${ST_AARCH64_GCC:-}" ] && [ -n "${ST_AARCH64_PLUGIN:-}" ]; then
    check "aarch64 gcc plugin $o" "-fplugin=$ST_AARCH64_PLUGIN" "$ST_AARCH64_GCC" "$o"
  fi
  if [ -n "$clang" ]; then
    check "aarch64 clang pass $o" "--config $config" "$clang" --target=aarch64-linux-gnu "$o"
  fi
done
echo "PASS: $n instrumented conftest objects, nm -u as for the plain object"
