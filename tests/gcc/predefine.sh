#!/usr/bin/env bash
# __RR_SOFTTICKS__ is 1 in C, C++, preprocessed assembly and -E, and absent
# without the plugin.
source "$(dirname "$0")/lib.sh"
cat > check.h <<'X'
#if !defined(__RR_SOFTTICKS__) || __RR_SOFTTICKS__ != 1
#error __RR_SOFTTICKS__ is not 1
#endif
X
printf '#include "check.h"\nint c_unit;\n' > unit.c
printf '#include "check.h"\nint cxx_unit;\n' > unit.cc
printf '#include "check.h"\n\t.globl asm_unit\nasm_unit = __RR_SOFTTICKS__\n' > unit.S
st_cc -c unit.c -o unit_c.o || fail "C: not defined"
st_cxx -c unit.cc -o unit_cc.o || fail "C++: not defined"
st_cc -c unit.S -o unit_S.o || fail ".S: not defined"
nm unit_S.o | grep -q '0*1 A asm_unit' || fail ".S: value is not 1"
[ "$(echo '__RR_SOFTTICKS__' | st_cc -E -P -x c -)" = 1 ] || fail "-E: not 1"
[ "$(echo '__RR_SOFTTICKS__' | st_cc -E -P -x assembler-with-cpp -)" = 1 ] || fail "-E -x assembler-with-cpp: not 1"
[ "$(echo '__RR_SOFTTICKS__' | "$ST_GCC" -E -P -x c -)" = __RR_SOFTTICKS__ ] ||
  fail "defined without the plugin"
# The command line can still take it away.
[ "$(echo '__RR_SOFTTICKS__' | st_cc -U__RR_SOFTTICKS__ -E -P -x c -)" = __RR_SOFTTICKS__ ] ||
  fail "-U__RR_SOFTTICKS__ does not undefine it"
