#!/usr/bin/env bash
# Exact tick counts of whole runs at -O0, by construction
# (tests/corpus/run_ticks.txt), counted by softticks-trace.
# Usage: run_counts.sh ARCH
source "$(dirname "$0")/lib.sh"
arch=$1
read -r -a aflags <<< "$(arch_flags "$arch")"
status=0
while read -r file expected _; do
  case "$file" in *.cc) cc=st_cxx ;; *) cc=st_cc ;; esac
  name=${file%.*}
  $cc "${aflags[@]}" -O0 -pthread "$ST_CORPUS/$file" -o "$name" || fail "$file does not build"
  out=$("$ST_TRACE" count --json -- "./$name") || fail "$name: softticks-trace count failed: $out"
  ticks=$(json_int ticks <<< "$out")
  rc=$(json_int exit_status <<< "$out")
  if [ "$ticks" != "$expected" ] || [ "$rc" != 0 ]; then
    echo "FAIL: $name ($arch -O0): $ticks ticks (expected $expected), exit $rc" >&2
    status=1
  else
    echo "ok: $name ($arch -O0): $ticks ticks"
  fi
done < <(table_rows "$ST_CORPUS/run_ticks.txt")
exit $status
