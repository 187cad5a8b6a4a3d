#!/usr/bin/env bash
# abi/ABI.md states the same facts as the header and the byte data:
#  - each sequence table (section 3): offsets add up, and its bytes are the
#    line of abi/tick-sequences.txt;
#  - the address table and the 20-byte note table match the header;
#  - every RR_SOFTTICKS_* / rr_softticks_* name it cites exists in the header.
#   check_doc.sh ABI.md TICK_SEQUENCES HEADER HEADER_FACTS
set -euo pipefail
doc=$1 data=$2 header=$3 facts_tool=$4
fail=0
bad() { echo "FAIL: $*"; fail=1; }
facts=$("$facts_tool")

# Rows "| 10 | `48 ff ...` | ..." under the heading "### <arch>:".
table_of() {
  awk -v h="### $1:" '
    index($0, h) == 1 && / bytes/ { on = 1; next }
    /^#/ { on = 0 }
    on && /^\| *[0-9]+ *\| *`[0-9a-f ]+`/ {
      split($0, col, "|")
      off = col[2]; gsub(/ /, "", off)
      bytes = col[3]; gsub(/`/, "", bytes); sub(/^ +/, "", bytes); sub(/ +$/, "", bytes)
      print off, bytes
    }' "$doc"
}

for pair in x86-64:x86_64 i386:i386 aarch64:aarch64; do
  heading=${pair%%:*} arch=${pair##*:}
  rows=$(table_of "$heading")
  [ -n "$rows" ] || { bad "no sequence table under '### $heading:'"; continue; }
  at=0 all=""
  while read -r off bytes; do
    [ "$off" = "$at" ] || bad "$heading: row at offset $off, expected $at"
    n=$(wc -w <<<"$bytes")
    at=$((at + n))
    all="$all $bytes"
  done <<<"$rows"
  all=${all# }
  want=$(awk -v a="$arch" '!/^#/ && $1 == a { $1 = ""; $2 = ""; sub(/^ +/, ""); print }' "$data")
  [ "$all" = "$want" ] || { bad "$heading table bytes"; echo "  doc:  $all"; echo "  data: $want"; }
done

# The address table: "| x86-64 | `0x70001000` | `0x70001800` | ...".
while read -r _ arch page countdown; do
  row=$(grep -E "^\| $arch \| \`$page\` \| \`$countdown\` \|" "$doc" || true)
  [ -n "$row" ] || bad "address table has no row '$arch $page $countdown'"
done < <(grep '^address ' <<<"$facts")

# The ABI note table (section 6).
note=$(awk '/^## 6\./ { on = 1 } /^## 7\./ { on = 0 }
  on && /^\| *[0-9]+ *\| *`[0-9a-f ]+`/ { split($0, c, "|"); b = c[3]; gsub(/`/, "", b);
    sub(/^ +/, "", b); sub(/ +$/, "", b); out = out (out ? " " : "") b }
  END { print out }' "$doc")
want=$(sed -n 's/^note //p' <<<"$facts")
[ "$note" = "$want" ] || { bad "ABI note table"; echo "  doc:    $note"; echo "  header: $want"; }

# Cited names.
names=$(grep -oE '\b(RR_SOFTTICKS_[A-Z0-9_]+|rr_softticks_[a-z0-9_]+|RR_SOFTTICK)\b' "$doc" | sort -u)
for name in $names; do
  grep -qw -- "$name" "$header" || bad "ABI.md cites $name, which the header does not define"
done
echo "checked $(wc -w <<<"$names") cited names"
[ $fail = 0 ] && echo "ok: ABI.md agrees with the header and the data"
exit $fail
