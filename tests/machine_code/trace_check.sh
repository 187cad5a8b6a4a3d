#!/usr/bin/env bash
# The guarantee on machine code: softticks-trace check single-steps each
# corpus program and finds no (pc, sp) in instrumented code repeating
# without a tick in between.  Usage: trace_check.sh ARCH FLAGS...
# (e.g. -fuse-ld=lld: lld lays segments out differently from GNU ld).
# threads.c is left out: the tracer refuses CLONE_THREAD by design, and
# single-stepping its 4 x 20000 Collatz runs would take too long;
# run_unchanged covers it.
source "$(dirname "$0")/lib.sh"
arch=$1
shift
status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  [ "$name" = threads ] && continue
  read -r -a quirk <<< "$(quirk_flags "$name" "$arch")"
  $(compiler_for "$src") "$arch" "${quirk[@]}" "$@" "$src" -o "$name" || fail "$name: build"
  rc=0
  "$ST_TRACE" check --json -- "./$name" > "$name.json" 2> "$name.err" || rc=$?
  # A check that found no instrumented function checked nothing.
  fns=$(json_int instrumented_functions < "$name.json")
  if [ $rc = 0 ] && grep -q '"violations": *\[ *\]' "$name.json" && [ "${fns:-0}" -gt 0 ]; then
    echo "ok: $name ($arch $*): $fns instrumented functions, $(json_int steps < "$name.json") steps"
  else
    echo "FAIL: $name ($arch $*): check exited $rc, instrumented functions: ${fns:-none}" >&2
    head -c 2000 "$name.json" "$name.err" >&2
    status=1
  fi
done
exit $status
