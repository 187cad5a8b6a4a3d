#!/usr/bin/env bash
# The guarantee on machine code: softticks-trace check single-steps each
# corpus program and finds no (pc, sp) in instrumented code repeating
# without a tick in between.  Usage: guarantee.sh ARCH OPT
source "$(dirname "$0")/lib.sh"
arch=$1 opt=$2
read -r -a aflags <<< "$(arch_flags "$arch")"
# only_rep_string_repeats PROG JSON: whether every violation is at a
# rep-prefixed string instruction (rep movs/stos...).  Single-stepping one
# steps each of its iterations, at the same pc and sp: one instruction
# executing once, which the checker does not tell apart yet (the registers
# differ at each iteration, as rr sees them).
only_rep_string_repeats() {
  local prog=$1 json=$2 fn off addr
  local sites
  sites=$(grep -o '"function":"[^"]*","offset":[0-9]*' <<< "$json" | sort -u)
  [ -n "$sites" ] || return 1
  while read -r site; do
    fn=$(sed 's/"function":"\([^"]*\)".*/\1/' <<< "$site")
    off=$(sed 's/.*"offset":\([0-9]*\)/\1/' <<< "$site")
    addr=$(nm "$prog" | awk -v f="$fn" '$3 == f {print $1; exit}')
    [ -n "$addr" ] || return 1
    addr=$((0x$addr + off))
    objdump -d --start-address=$addr --stop-address=$((addr + 16)) "$prog" |
      grep -m1 -P '^\s*[0-9a-f]+:\t' | grep -q -P '\trep[a-z]* (movs|stos|lods|cmps|scas)' ||
      return 1
  done <<< "$sites"
  return 0
}

status=0
for src in "$ST_CORPUS"/*.c "$ST_CORPUS"/*.cc; do
  name=$(basename "${src%.*}")
  # threads: the tracer refuses CLONE_THREAD by design.
  [ "$name" = threads ] && continue
  case "$src" in *.cc) cc=st_cxx ;; *) cc=st_cc ;; esac
  read -r -a extra <<< "$(quirk_flags "$arch" "$name")"
  $cc "${aflags[@]}" "${extra[@]}" "$opt" "$src" -o "$name" || fail "$name does not build"
  rc=0
  out=$("$ST_TRACE" check --json -- "./$name" 2>&1) || rc=$?
  if [ "$rc" = 0 ] && grep -q '"violations": *\[ *\]' <<< "$out"; then
    echo "ok: $name ($arch $opt) steps $(json_int steps <<< "$out")"
  elif [ "$rc" = 1 ] && only_rep_string_repeats "$name" "$out"; then
    echo "ok: $name ($arch $opt): the only repeats are iterations of rep string instructions"
  else
    echo "FAIL: $name ($arch $opt): check exited $rc: $(head -c 2000 <<< "$out")" >&2
    status=1
  fi
done
exit $status
