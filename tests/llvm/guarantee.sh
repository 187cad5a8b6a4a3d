#!/usr/bin/env bash
# The guarantee on machine code: softticks-trace check single-steps each
# corpus program and finds no (pc, sp) in instrumented code repeating
# without a tick in between.  Usage: guarantee.sh ARCH OPT [CFLAGS...]
# (e.g. -fuse-ld=lld: lld lays segments out differently from GNU ld).
source "$(dirname "$0")/lib.sh"
arch=$1 opt=$2
shift 2
more=("$@")
read -r -a aflags <<< "$(arch_flags "$arch")"
status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  # threads: the tracer refuses CLONE_THREAD by design.
  [ "$name" = threads ] && continue
  case "$src" in *.cc) cc=st_cxx ;; *) cc=st_cc ;; esac
  read -r -a extra <<< "$(quirk_flags "$arch" "$name")"
  $cc "${aflags[@]}" "${extra[@]}" "${more[@]}" "$opt" "$src" -o "$name" ||
    fail "$name does not build"
  rc=0
  out=$("$ST_TRACE" check --json -- "./$name" 2>&1) || rc=$?
  # A check that found no instrumented function checked nothing.
  fns=$(json_int instrumented_functions <<< "$out")
  if [ "$rc" = 0 ] && grep -q '"violations": *\[ *\]' <<< "$out" && [ "${fns:-0}" -gt 0 ]; then
    echo "ok: $name ($arch $opt ${more[*]}) functions $fns steps $(json_int steps <<< "$out")"
  else
    echo "FAIL: $name ($arch $opt): check exited $rc: $(head -c 2000 <<< "$out")" >&2
    status=1
  fi
done
exit $status
