#!/usr/bin/env bash
# Skipped functions get no tick; the unknown-to-GCC-12 attribute
# disable_sanitizer_instrumentation is accepted without a warning.
source "$(dirname "$0")/../lib.sh"
for level in -O0 -O2; do
  st_cc x86_64 "$level" -Werror -Wattributes -S "$ST_TESTS/gcc/skip.c" -o "skip$level.s" ||
    fail "skip.c does not compile cleanly at $level"
  "$ST_ASM_TICKS" x86_64 "skip$level.s" naked_fn=0 no_instrument=0 no_sanitize=0 in_section=0 \
    resolver=0 impl=1 instrumented=2 || fail "skip rules at $level"
done
# Without the plugin GCC 12 warns about the attribute: the registration is
# what silences it.
if "$ST_GCC" -Werror -Wattributes -S "$ST_TESTS/gcc/skip.c" -o plain.s 2>/dev/null; then
  echo "note: this GCC knows disable_sanitizer_instrumentation itself"
fi
