#!/usr/bin/env bash
# Builds an object, then compares one of its sections with the expected
# bytes of a tick sequence from abi/tick-sequences.txt.
#
#   check_section.sh ELF_SECTION_TOOL DATA_FILE ARCH OBJECT SECTION MODE -- BUILD COMMAND...
#
# MODE "exact": the section is the sequence, byte for byte.
# MODE "contains": the section contains the sequence somewhere.
# Exit status 0 when it matches, 1 otherwise (with both byte strings shown).
set -euo pipefail
tool=$1 data=$2 arch=$3 object=$4 section=$5 mode=$6
shift 6
[ "${1:-}" = "--" ] && shift

expected=$(awk -v a="$arch" '!/^#/ && $1 == a { $1 = ""; $2 = ""; sub(/^ +/, ""); print }' "$data")
length=$(awk -v a="$arch" '!/^#/ && $1 == a { print $2 }' "$data")
if [ -z "$expected" ]; then
  echo "FAIL: no line for $arch in $data"; exit 1
fi
if [ "$(wc -w <<<"$expected")" != "$length" ]; then
  echo "FAIL: $data: $arch line says $length bytes but lists $(wc -w <<<"$expected")"; exit 1
fi

rm -f "$object"
"$@"
actual=$("$tool" "$object" "$section")

case $mode in
  exact) [ "$actual" = "$expected" ] && ok=1 || ok=0 ;;
  contains) [[ " $actual " == *" $expected "* ]] && ok=1 || ok=0 ;;
  *) echo "check_section.sh: bad mode $mode"; exit 2 ;;
esac
if [ $ok = 1 ]; then
  echo "ok: $arch $section ($mode): $actual"
  exit 0
fi
echo "FAIL: $arch $section of $object ($mode)"
echo "  expected: $expected"
echo "  actual:   $actual"
exit 1
