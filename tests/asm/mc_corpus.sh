#!/usr/bin/env bash
# Compiler output through softticks-as alone (no plugin): each program of
# tests/corpus built with gcc -B prints and exits as its plain build does,
# has no tick-free cycle, and `softticks-trace check` finds 0 violations
# (threads.c is left out of the tracer: it does not follow threads).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
cc=${ST_GCC:-gcc}
n=0
for f in "$ST_HERE"/../corpus/*.c "$ST_HERE"/../corpus/*.cc; do
  b=$(basename "${f%.*}")
  drv=$cc
  [[ $f == *.cc ]] && drv=${cc/gcc/g++}
  "$drv" -O2 -w "$f" -o "$b.plain" -lpthread
  "$drv" -B "$ST_SAS_BIN/" -O2 -w "$f" -o "$b.ticked" -lpthread
  set +e
  ./"$b.plain" > "$b.plain.out" 2>&1
  p=$?
  ./"$b.ticked" > "$b.ticked.out" 2>&1
  t=$?
  set -e
  [ "$p" = "$t" ] && cmp -s "$b.plain.out" "$b.ticked.out" || fail "$b: output or status differs ($p, $t)"
  python3 "$ST_TICKFREE" "$b.ticked" > "$b.cycles" || { cat "$b.cycles"; fail "$b: tick-free cycle"; }
  if [ -n "${ST_TRACE:-}" ] && [ "$b" != threads ]; then
    check=$("$ST_TRACE" check --json "./$b.ticked" 2> /dev/null | tail -1)
    [ "$(json_int violation_count <<< "$check")" = 0 ] || fail "$b: $check"
    [ "$(json_int instrumented_functions <<< "$check")" -ge 1 ] || fail "$b: nothing instrumented ran"
  fi
  n=$((n + 1))
done
echo "PASS: $n programs"
