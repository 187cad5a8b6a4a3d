#!/usr/bin/env bash
# Per-function tick counts in the generated assembly of the corpus, against
# a hand-written table.  Usage: asm_counts.sh TABLE ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
table=$1 arch=$2
shift 2

status=0
for file in $(table_rows "$table" | awk '{print $1}' | sort -u); do
  expectations=$(table_rows "$table" | awk -v f="$file" '$1 == f {printf "%s=%s ", $2, $3}')
  cc=$(compiler_for "$file" "$arch")
  asm=${file%.*}.s
  "$cc" -fplugin="$(plugin_for "$arch")" -fchecking=2 "$@" -S "$ST_CORPUS/$file" -o "$asm" ||
    fail "$file does not compile with $*"
  # shellcheck disable=SC2086
  "$ST_ASM_TICKS" "$arch" "$asm" $expectations || status=1
done
exit $status
