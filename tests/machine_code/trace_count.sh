#!/usr/bin/env bash
# Exact tick counts of whole runs at -O0 seen by the tracer (softticks-trace
# count), as derived by hand in ../corpus/run_ticks.txt.
# Usage: trace_count.sh ARCH FLAGS...
source "$(dirname "$0")/lib.sh"
arch=$1
shift
status=0
while read -r file expected _; do
  name=$(basename "${file%.*}")
  $(compiler_for "$file") "$arch" "$@" -O0 -pthread "$ST_CORPUS/$file" -o "$name" ||
    fail "$file does not build"
  "$ST_TRACE" count --json -- "./$name" > "$name.json" || fail "$name: count exited $?"
  ticks=$(json_int ticks < "$name.json")
  exit_status=$(json_int exit_status < "$name.json")
  if [ "$ticks" != "$expected" ] || [ "$exit_status" != 0 ]; then
    echo "FAIL: $name ($arch -O0): $ticks ticks (exit $exit_status), expected $expected" >&2
    status=1
  else
    echo "ok: $name ($arch -O0): $ticks ticks"
  fi
done < <(table_rows "$ST_CORPUS/run_ticks.txt")
exit $status
