#!/usr/bin/env bash
# asm/fragment.h on every x86-64 shape of the lit tests (tests/asm/*.s):
# as module asm, and as an LLVM inline-asm template (each `$` written
# `$$`), and the Intel-syntax ones as an Intel-dialect template too
# (ticks in Intel text).  Whatever assembles before must assemble after (the template's
# `$$` read back as `$`), and the object must have no tick-free cycle in
# its ticked functions (tests/late_loops/tickfree_cycles.py): the mapping
# of insertions back into the text breaks neither.  Usage:
# fragment_corpus.sh FRAGMENT_TOOL.
set -u
tool=$1
mkdir -p "$ST_WORK" && cd "$ST_WORK" || exit 2
status=0 files=0 ticked=0 intel_files=0
for s in "$ST_HERE"/*.s; do
  name=$(basename "$s" .s)
  # open_cycles.s keeps cycles without a tick on purpose (a loop head
  # followed by data: asm.lit.open_cycles, left out of mc.objects too),
  # location_branch.s in the functions it leaves alone, and code_modes.s:
  # .code32/.code16 regions, which objdump reads as 64-bit code, and a
  # .code16 cycle left open on purpose (asm.lit.code_modes).
  case $name in aarch64_* | i386_* | open_cycles | location_branch | code_modes) continue ;; esac
  "$ST_REAL_AS" --64 "$s" -o plain.o 2>/dev/null || continue
  files=$((files + 1))
  modes="module inline"
  # Intel from the start and no `$` (which an Intel-dialect template
  # cannot write): also as an `inteldialect` template, ticks in Intel text.
  if grep -v '^[[:space:]]*\(#\|$\)' "$s" | sed -n 1p | grep '^[[:space:]]*\.intel_syntax noprefix' >/dev/null &&
    ! grep -v '^[[:space:]]*#' "$s" | grep '\$' >/dev/null; then
    modes="$modes intel"
    intel_files=$((intel_files + 1))
  fi
  for mode in $modes; do
    if [ $mode = inline ]; then sed 's/\$/$$/g' "$s" > in.txt; else cp "$s" in.txt; fi
    rc=0
    "$tool" $mode x86_64 "~{dirflag},~{fpsr},~{flags}" in.txt > out.txt 2> out.err || rc=$?
    [ $rc = 0 ] || [ $rc = 3 ] || { echo "FAIL: $name $mode: exit $rc" >&2; status=1; continue; }
    [ $rc = 0 ] || continue
    ticked=$((ticked + 1))
    if [ $mode = inline ]; then sed 's/\$\$/$/g' out.txt > out.s; else cp out.txt out.s; fi
    if [ $mode = intel ] && grep -v '^[[:space:]]*#' out.s | grep 'att_syntax;testb\|\$' >/dev/null; then
      echo "FAIL: $name intel: AT&T text in an Intel-dialect template" >&2
      status=1
    fi
    if ! "$ST_REAL_AS" --64 out.s -o out.o 2> as.err; then
      echo "FAIL: $name $mode: does not assemble:" >&2
      head -5 as.err >&2
      status=1
      continue
    fi
    if ! python3 "$ST_TICKFREE" out.o > tf.out 2>&1 && ! grep -q "no instrumented function" tf.out; then
      echo "FAIL: $name $mode: tick-free cycle:" >&2
      head -5 tf.out >&2
      status=1
    fi
  done
done
echo "$files files, $ticked instrumented (module, inline and, of $intel_files Intel files, Intel dialect)"
[ "$intel_files" -ge 2 ] || { echo "FAIL: only $intel_files Intel-syntax files" >&2; status=1; }
[ "$files" -gt 20 ] || { echo "FAIL: only $files files" >&2; status=1; }
exit $status
