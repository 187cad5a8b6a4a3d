#!/usr/bin/env bash
# The guarantee on machine code: softticks-trace single-steps each corpus
# program and reports any (pc, sp) in instrumented code that repeats
# without a tick in between.  Usage: trace_check.sh ARCH FLAGS...
# (threads.c is left out: single-stepping its 4 x 20000 Collatz runs takes
# too long for the suite; run_unchanged covers it.)
source "$(dirname "$0")/lib.sh"
arch=$1
shift
status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  [ "$name" = threads ] && continue
  cc=$(compiler_for "$src" "$arch")
  "$cc" -fplugin="$ST_PLUGIN" -fchecking=2 "$@" "$src" -o "$name" || fail "$name: build"
  rc=0
  "$ST_TRACE" check --json -- "./$name" > "$name.json" 2> "$name.err" || rc=$?
  if [ $rc != 0 ]; then
    echo "FAIL: $name ($arch $*): check exited $rc" >&2
    head -c 2000 "$name.json" "$name.err" >&2
    status=1
  else
    echo "ok: $name ($arch $*)"
  fi
done
exit $status
