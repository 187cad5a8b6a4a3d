#!/usr/bin/env bash
# Exact tick counts at -O0 seen by the tracer (softticks-trace count), as
# derived by hand in ../corpus/run_ticks.txt.  Usage: trace_count.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
status=0
while read -r file expected _; do
  name=$(basename "${file%.*}")
  cc=$(compiler_for "$file" "$arch")
  "$cc" -fplugin="$ST_PLUGIN" -fchecking=2 "$@" -O0 "$ST_CORPUS/$file" -o "$name"
  "$ST_TRACE" count --json -- "./$name" > "$name.json" || fail "$name: count exited $?"
  ticks=$(grep -o '"ticks": *[0-9]*' "$name.json" | grep -o '[0-9]*$')
  exit_status=$(grep -o '"exit_status": *[0-9]*' "$name.json" | grep -o '[0-9]*$')
  if [ "$ticks" != "$expected" ] || [ "$exit_status" != 0 ]; then
    echo "FAIL: $name ($arch): $ticks ticks (exit $exit_status), expected $expected" >&2
    status=1
  else
    echo "ok: $name ($arch): $ticks ticks"
  fi
done < <(table_rows "$ST_CORPUS/run_ticks.txt")
exit $status
