#!/usr/bin/env bash
# The guarantee on machine code: softticks-trace check single-steps each
# corpus program and finds no (pc, sp) in instrumented code repeating
# without a tick in between.  Usage: guarantee.sh ARCH OPT
source "$(dirname "$0")/lib.sh"
arch=$1 opt=$2
read -r -a aflags <<< "$(arch_flags "$arch")"
status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  # threads: the tracer refuses CLONE_THREAD by design.
  [ "$name" = threads ] && continue
  case "$src" in *.cc) cc=st_cxx ;; *) cc=st_cc ;; esac
  $cc "${aflags[@]}" "$opt" "$src" -o "$name" || fail "$name does not build"
  rc=0
  out=$("$ST_TRACE" check --json -- "./$name" 2>&1) || rc=$?
  if [ "$rc" != 0 ] || ! grep -q '"violations": *\[ *\]' <<< "$out"; then
    echo "FAIL: $name ($arch $opt): check exited $rc: $(head -c 2000 <<< "$out")" >&2
    status=1
  else
    echo "ok: $name ($arch $opt) steps $(json_int steps <<< "$out")"
  fi
done
exit $status
