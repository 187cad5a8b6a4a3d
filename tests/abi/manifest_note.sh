#!/usr/bin/env bash
# st_manifest_asm's text assembles, and the object holds the manifest note:
# section .note.softticks.manifest (SHT_NOTE, SHF_ALLOC|SHF_GROUP, 4-byte
# aligned) in the COMDAT group __rr_softticks_manifest_<FNV-1a of the
# message>, one note named "softticks" of type 1 whose descriptor `capnp
# decode` reads as the fields put in, and which is what `capnp encode`
# makes of them.
#   manifest_note.sh ELF_SECTION MANIFEST_TOOL CAPNP SCHEMA READELF ARCH WORKDIR -- ASSEMBLER...
# (the assembler command gets "IN.s -o OUT.o" appended)
set -euo pipefail
elf=$1 tool=$2 capnp=$3 schema=$4 readelf=$5 arch=$6 work=$7
shift 7
[ "${1:-}" = "--" ] && shift
mkdir -p "$work"
section=.note.softticks.manifest
case $arch in
  x86_64) capnp_arch=x8664 ;;
  *) capnp_arch=$arch ;;
esac
fields="(abiVersion = 1, arch = $capnp_arch, compiler = \"clang\", compilerVersion = \"19.1.7 (++20250114)\", pluginVersion = \"0.1.0\", placementRulesVersion = 1)"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

"$tool" asm "$arch" clang "19.1.7 (++20250114)" 0.1.0 1 >"$work/m.s"
rm -f "$work/m.o"
"$@" "$work/m.s" -o "$work/m.o"

"$capnp" encode "$schema" ModuleManifest <<<"$fields" >"$work/expected.bin"
len=$(stat -c %s "$work/expected.bin")
padded=$(( (len + 3) / 4 * 4 ))

info=$("$elf" --info "$work/m.o" "$section")
[ "$info" = "type=7 flags=0x202 align=4 size=$((24 + padded))" ] ||
  bad "section header: $info (want type=7 flags=0x202 align=4 size=$((24 + padded)))"

hex=$(printf '%02x %02x %02x %02x' $((len & 255)) $((len >> 8 & 255)) $((len >> 16 & 255)) $((len >> 24)))
want="0a 00 00 00 $hex 01 00 00 00 73 6f 66 74 74 69 63 6b 73 00 00 00 $(od -An -v -tx1 "$work/expected.bin" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
for ((i = len; i < padded; i++)); do want="$want 00"; done
got=$("$elf" "$work/m.o" "$section")
[ "$got" = "$want" ] || { bad "note bytes"; echo "  want: $want"; echo "  got:  $got"; }

"$elf" --desc "$work/m.o" "$section" >"$work/desc.bin"
decoded=$("$capnp" decode --short "$schema" ModuleManifest <"$work/desc.bin")
[ "$decoded" = "$fields" ] || bad "descriptor decodes to $decoded"

notes=$("$readelf" -n "$work/m.o")
grep -Eq "^ +softticks +0x0*$(printf '%x' "$len")([[:space:]]|$)" <<<"$notes" ||
  { bad "readelf -n does not show a softticks note of $len bytes"; echo "$notes"; }

group="__rr_softticks_manifest_$("$elf" --fnv1a-desc "$work/m.o" "$section")"
groups=$("$readelf" -g -W "$work/m.o")
grep -Fq "COMDAT group section" <<<"$groups" && grep -Fq "[$group]" <<<"$groups" &&
  grep -Fq "$section" <<<"$groups" ||
  { bad "no COMDAT group $group holding $section"; echo "$groups"; }

[ $fail = 0 ] && echo "ok: $arch: $group, $decoded"
exit $fail
