#!/usr/bin/env bash
# __RR_SOFTTICKS__ is 1 in C, C++, Objective-C, preprocessed assembly and
# -E, at every debug level (-g3 records it in the DWARF macro table, which
# made GCC crash when the macro was defined too early), through
# -save-temps, -fdirectives-only, -traditional-cpp and a precompiled
# header; preprocessed input compiles; it is absent without the plugin.
source "$(dirname "$0")/../lib.sh"
cat > check.h <<'X'
#if !defined(__RR_SOFTTICKS__) || __RR_SOFTTICKS__ != 1
#error __RR_SOFTTICKS__ is not 1
#endif
X
printf '#include "check.h"\nint c_unit;\n' > unit.c
printf '#include "check.h"\nint cxx_unit;\n' > unit.cc
printf '#include "check.h"\nint objc_unit;\n' > unit.m
printf '#include "check.h"\n\t.globl asm_unit\nasm_unit = __RR_SOFTTICKS__\n' > unit.S

units=(unit.c unit.cc unit.S)
if [ "$("$ST_GCC" -print-prog-name=cc1obj)" != cc1obj ]; then
  units+=(unit.m)
else
  echo "note: no Objective-C compiler (cc1obj; Debian: gobjc-12): unit.m not checked"
fi

# macro_table OBJECT: the macro definitions recorded in its debug info.
macro_table() { readelf --debug-dump=macro "$1" 2> /dev/null | grep -E 'DW_MACRO|DW_MACINFO' || true; }

for g in -g0 -g -g3 -ggdb3; do
  for unit in "${units[@]}"; do
    what="$unit $g"
    obj=${unit/./_}$g.o
    case $unit in
      *.cc) st_cxx x86_64 $g -c "$unit" -o "$obj" || fail "$what: not defined or the compiler failed" ;;
      *) st_cc x86_64 $g -c "$unit" -o "$obj" || fail "$what: not defined or the compiler failed" ;;
    esac
    case $unit:$g in
      *.S:*) nm "$obj" | grep '0*1 A asm_unit' >/dev/null || fail "$what: value is not 1" ;;
      *:-g3 | *:-ggdb3)
        # Recorded once, with GCC's own predefined macros (line 0).
        [ "$(macro_table "$obj" | grep -c 'lineno *: *0 macro *: *__RR_SOFTTICKS__ 1$')" = 1 ] ||
          fail "$what: not recorded once at line 0 in the debug macro table"
        ;;
    esac
  done
  # Preprocessing separately (the .i carries the definition with -g3 -dD).
  mkdir -p "temps$g" && (cd "temps$g" && st_cc x86_64 $g -save-temps -I.. -c ../unit.c -o unit.o) ||
    fail "-save-temps $g"
  st_cc x86_64 $g -fdirectives-only -c unit.c -o directives$g.o || fail "-fdirectives-only $g"
  st_cc x86_64 $g -traditional-cpp -c unit.c -o traditional$g.o || fail "-traditional-cpp $g"
  # Input preprocessed without the plugin has no definition and needs none.
  "$ST_GCC" -E -DPLAIN -x c - -o plain$g.i <<< 'int plain(void) { return 1; }'
  st_cc x86_64 $g -c plain$g.i -o plain$g.o || fail "preprocessed input $g"
done
macro_table temps-g3/unit.o | grep '__RR_SOFTTICKS__ 1$' >/dev/null ||
  fail "-save-temps -g3: the definition is missing from the debug macro table"

# A precompiled header made with the plugin is valid where the plugin is
# loaded (same definition), at -g3 too.
cp check.h pch.h
st_cc x86_64 -g3 -x c-header pch.h -o pch.h.gch || fail "PCH: cannot build pch.h.gch"
printf '#include "pch.h"\nint pch_user;\n' > pch_user.c
st_cc x86_64 -g3 -Winvalid-pch -Werror -H -c pch_user.c -o pch_user.o 2> pch.log ||
  fail "PCH: the header is not used: $(cat pch.log)"
grep -q '^! pch.h.gch' pch.log || fail "PCH: the header is not used: $(cat pch.log)"

[ "$(echo '__RR_SOFTTICKS__' | st_cc x86_64 -E -P -x c -)" = 1 ] || fail "-E: not 1"
[ "$(echo '__RR_SOFTTICKS__' | st_cc x86_64 -E -P -x assembler-with-cpp -)" = 1 ] || fail "-E -x assembler-with-cpp: not 1"
[ "$(echo '__RR_SOFTTICKS__' | "$ST_GCC" -E -P -x c -)" = __RR_SOFTTICKS__ ] ||
  fail "defined without the plugin"
# The command line can still take it away or change it.
[ "$(echo '__RR_SOFTTICKS__' | st_cc x86_64 -U__RR_SOFTTICKS__ -E -P -x c -)" = __RR_SOFTTICKS__ ] ||
  fail "-U__RR_SOFTTICKS__ does not undefine it"
[ "$(echo '__RR_SOFTTICKS__' | st_cc x86_64 -U__RR_SOFTTICKS__ -D__RR_SOFTTICKS__=7 -E -P -x c -)" = 7 ] ||
  fail "-D__RR_SOFTTICKS__=7 does not redefine it"
printf 'int undefined_unit;\n' > undef.c
st_cc x86_64 -g3 -U__RR_SOFTTICKS__ -c undef.c -o undef.o || fail "-g3 -U__RR_SOFTTICKS__"
macro_table undef.o | grep -E '__RR_SOFTTICKS__' | tail -1 | grep 'undef' >/dev/null ||
  fail "-g3 -U__RR_SOFTTICKS__: the debug macro table does not end with its #undef"
