#!/usr/bin/env bash
# Per-function tick counts in the assembly clang writes for the corpus at
# -O0, against the corpus's hand-written table (tests/corpus/static_ticks.txt):
# at -O0 the pass runs too (OptimizerLast at -O0), and clang keeps the
# source's control flow.  Usage: asm_counts.sh ARCH
source "$(dirname "$0")/lib.sh"
arch=$1
table=$ST_CORPUS/static_ticks.txt
# shellcheck disable=SC2046
read -r -a aflags <<< "$(arch_flags "$arch")"
# -S needs no linking: drop the link-only flags.
cflags=()
for f in "${aflags[@]}"; do
  case "$f" in -static | -fuse-ld=*) ;; *) cflags+=("$f") ;; esac
done

status=0
for file in $(table_rows "$table" | awk '{print $1}' | sort -u); do
  expectations=$(table_rows "$table" | awk -v f="$file" '$1 == f {printf "%s=%s ", $2, $3}')
  case "$file" in *.cc) cc=st_cxx ;; *) cc=st_cc ;; esac
  asm=${file%.*}.s
  # -fno-integrated-as: clang then writes inline asm as it is, not
  # re-printed by its own assembler (which asm_ticks would not recognize).
  $cc "${cflags[@]}" -O0 -fno-integrated-as -S "$ST_CORPUS/$file" -o "$asm" ||
    fail "$file does not compile"
  # asm_ticks wants bare labels: drop clang's "# @name" ("// @name" on
  # aarch64) comments after them.
  sed -E -i 's,^([^[:space:]]+:)[[:space:]]+(#|//).*$,\1,' "$asm"
  # shellcheck disable=SC2086
  "$ST_ASM_TICKS" "$arch" "$asm" $expectations || status=1
done
exit $status
