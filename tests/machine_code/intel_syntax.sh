#!/usr/bin/env bash
# -masm=intel (issue 26): intel_syntax.c built with the plugin in Intel
# syntax assembles, gives the object the AT&T build gives (the same
# disassembly and relocations, so the same tick bytes), runs as the
# uninstrumented build does, and softticks-trace check finds no violation
# in it, at -O0 and -O2.  Variants: GCC's late ticks with the flags saved
# (-O2 -mstringop-strategy=loop -fplugin-arg-softticks-late-save: the
# disassembly must hold their lahf); clang with -fno-integrated-as (GNU as
# reads the pass's text as written; the program's own asm is left out:
# clang wraps an Intel asm statement in ".intel_syntax" ... ".att_syntax",
# which leaves GNU as in AT&T mode, with or without the plugin).
# Usage: intel_syntax.sh ARCH (x86_64 or i386).
source "$(dirname "$0")/lib.sh"
arch=$1
src=$ST_TESTS/intel_syntax.c

# The variants at -O level OPT, one per line: "NAME|CODE FLAGS|PLUGIN-ONLY
# FLAGS".  GCC inlines no string operation at -O0.
variants() {
  echo "base||"
  case $ST_KIND:$1 in
    gcc:-O2) echo "late_save|-mstringop-strategy=loop|-fplugin-arg-softticks-late-save" ;;
    clang:*) echo "external_as|-fno-integrated-as -DNO_OWN_ASM|" ;;
  esac
}

# disasm OBJECT: its code and relocations, without the line naming the file.
disasm() { objdump -d -z -r "$1" | tail -n +3; }

trace=yes
if [ -z "${ST_TRACE:-}" ]; then
  echo "note: no softticks-trace in this build: the tracer's checks are left out"
  trace=
elif st_i386_skips "$arch" ptrace "softticks-trace check"; then
  trace=
fi
can_run=yes
st_i386_skips "$arch" run "running the programs" && can_run=

checked=0
for opt in -O0 -O2; do
  while IFS='|' read -r name code plugin_only; do
    read -r -a code <<< "$code"
    read -r -a plugin_only <<< "$plugin_only"
    v=$name$opt
    plain_cc "$arch" "$opt" "${code[@]}" -I"$ST_INCLUDE" "$src" -o "$v.plain" || fail "$v: plain build"
    for syntax in att intel; do
      st_cc "$arch" "$opt" "${code[@]}" "${plugin_only[@]}" -masm=$syntax -I"$ST_INCLUDE" \
        -c "$src" -o "$v.$syntax.o" 2> "$v.$syntax.err" ||
        fail "$v: the -masm=$syntax build: $(head -c 1500 "$v.$syntax.err")"
      st_cc "$arch" "$v.$syntax.o" -o "$v.$syntax" || fail "$v: link of the -masm=$syntax build"
      disasm "$v.$syntax.o" > "$v.$syntax.dis"
    done
    att_ticks=$("$ST_BIN_TICKS" "$arch" "$v.att.o")
    intel_ticks=$("$ST_BIN_TICKS" "$arch" "$v.intel.o")
    [ "$att_ticks" -gt 0 ] || fail "$v: no tick in the AT&T build"
    if ! cmp -s "$v.att.dis" "$v.intel.dis"; then
      diff "$v.att.dis" "$v.intel.dis" | sed -n 1,40p >&2
      fail "$v ($arch): the -masm=intel object differs from the -masm=att one"
    fi
    if [ "$name" = late_save ]; then
      grep -q 'lahf' "$v.intel.dis" || fail "$v: no flag-saving late tick (lahf) in the build"
    fi
    echo "ok: $v ($arch): same code as -masm=att, $intel_ticks tick sequences ($att_ticks in the AT&T object)"
    if [ -n "$can_run" ]; then
      run_for "$arch" "./$v.plain" > "$v.plain.out" || fail "$v: the plain build exits $?"
      for syntax in att intel; do
        run_for "$arch" "./$v.$syntax" > "$v.$syntax.out" || fail "$v: the -masm=$syntax build exits $?"
        cmp -s "$v.plain.out" "$v.$syntax.out" ||
          fail "$v: -masm=$syntax prints $(cat "$v.$syntax.out"), the plain build $(cat "$v.plain.out")"
      done
      echo "ok: $v ($arch): prints $(cat "$v.intel.out") as the uninstrumented build"
    fi
    if [ -n "$trace" ]; then
      trace_proof "$v ($arch) -masm=intel" "./$v.intel"
      att_count=$("$ST_TRACE" count --json "./$v.att" | tail -1 | json_int ticks)
      intel_count=$("$ST_TRACE" count --json "./$v.intel" | tail -1 | json_int ticks)
      [ "$att_count" = "$intel_count" ] ||
        fail "$v: softticks-trace counts $intel_count ticks with -masm=intel, $att_count with -masm=att"
    fi
    checked=$((checked + 1))
  done < <(variants "$opt")
done
echo "ok: $checked builds ($arch)"
