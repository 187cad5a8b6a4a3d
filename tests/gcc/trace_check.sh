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
  # A check that found no instrumented function checked nothing.
  fns=$(grep -o '"instrumented_functions": *[0-9]*' "$name.json" | grep -o '[0-9]*$' || true)
  if [ $rc != 0 ] || [ "${fns:-0}" -eq 0 ]; then
    echo "FAIL: $name ($arch $*): check exited $rc, instrumented functions: ${fns:-none}" >&2
    head -c 2000 "$name.json" "$name.err" >&2
    status=1
  else
    echo "ok: $name ($arch $*): $fns instrumented functions"
  fi
done
exit $status
