#!/usr/bin/env bash
# Per-function tick counts in the assembly the compiler writes for the
# corpus, against a hand-written table (tests/corpus/static_ticks.txt at
# -O0, where the pass runs too and the source's control flow is kept;
# static_ticks_O2.txt for GCC at -O2).  Usage: asm_ticks.sh TABLE ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
table=$1 arch=$2
shift 2
read -r -a extra <<< "$(asm_flags)"
status=0
for file in $(table_rows "$table" | awk '{print $1}' | sort -u); do
  expectations=$(table_rows "$table" | awk -v f="$file" '$1 == f {printf "%s=%s ", $2, $3}')
  asm=${file%.*}.s
  $(compiler_for "$file") "$arch" "$@" "${extra[@]}" -S "$ST_CORPUS/$file" -o "$asm" ||
    fail "$file does not compile with $*"
  bare_labels "$asm"
  # shellcheck disable=SC2086
  "$ST_ASM_TICKS" "$arch" "$asm" $expectations || status=1
done
exit $status
