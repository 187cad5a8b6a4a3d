#!/usr/bin/env bash
# A unit of the GNU C library itself gets no early mapping (ABI.md section
# 5; gcc-plugin/target_libc.cc, asm/target_libc.c): built with
# docker/glibc/patches, the loader's entry and _start map the page first,
# and the loader stops on the early mapping's IRELATIVE relocation while it
# relocates itself.  glibc's build includes its internal libc-symbols.h
# first in every unit (it defines _LIBC); the GCC plugin asks for _LIBC,
# softticks-as looks for that header's line marker.  The same sources
# built as any other program's keep the early mapping (the sibling that
# must not change).
# Usage: unit_rule.sh    (environment: ST_CC (gcc with the plugin),
# ST_SAS_DIR (softticks-as's -B directory), ST_WORK)
source "$(dirname "$0")/../support/scratch.sh"
: "${ST_CC:?}" "${ST_SAS_DIR:?}"
read -r -a cc <<< "$ST_CC"

mkdir include
# What the rule keys on, as glibc has it: its include/libc-symbols.h
# defines _LIBC, its include/features.h __GLIBC__ (an installed header
# refuses _LIBC, so a program's unit gets __GLIBC__ from <stdlib.h>).
printf '#define _LIBC 1\n#define __GLIBC__ 2\n' > include/libc-symbols.h
cat > loop.c <<'C'
unsigned long count(const char *s, char c) {
  unsigned long n = 0;
  for (; *s; s++) n += *s == c;
  return n;
}
C
cat > loop.S <<'S'
	.text
	.globl count_down
	.type count_down,@function
count_down:
1:	dec %rdi
	jnz 1b
	ret
	.size count_down,.-count_down
S

early() { # OBJECT: does it carry the early mapping's ifunc?
  readelf -sW "$1" | grep ' IFUNC .* __rr_softticks_early$' >/dev/null
}
ticked() { # OBJECT: does it carry the ABI note?
  readelf -SW "$1" | grep '\.note\.rrsoftticks' >/dev/null
}

"${cc[@]}" -O2 -include stdlib.h -c loop.c -o program.o || fail "compile loop.c"
"${cc[@]}" -O2 -include include/libc-symbols.h -c loop.c -o glibc.o || fail "compile loop.c as glibc"
ticked program.o && ticked glibc.o || fail "the plugin did not instrument loop.c"
early program.o || fail "GCC plugin: a program's unit lost its early mapping"
! early glibc.o || fail "GCC plugin: a unit of glibc (_LIBC) carries the early mapping"
echo "ok: GCC plugin: a glibc unit has no early mapping, a program's unit has one"

gcc -B "$ST_SAS_DIR" -c loop.S -o program_s.o || fail "assemble loop.S through softticks-as"
gcc -B "$ST_SAS_DIR" -include include/libc-symbols.h -c loop.S -o glibc_s.o ||
  fail "assemble loop.S as glibc through softticks-as"
ticked program_s.o && ticked glibc_s.o || fail "softticks-as did not instrument loop.S"
early program_s.o || fail "softticks-as: a program's assembly lost its early mapping"
! early glibc_s.o || fail "softticks-as: glibc's assembly (libc-symbols.h) carries the early mapping"
echo "ok: softticks-as: glibc's assembly has no early mapping, a program's has one"
