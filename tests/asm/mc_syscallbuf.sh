#!/usr/bin/env bash
# rr's syscall buffer in miniature (programs/syscallbuf/): patched syscall
# sites and rr's stub (site.S, never instrumented), the preload library's
# hooks, trampoline and exits in the shape of rr's syscall_hook.S
# (preload.S, through softticks-as) and a C hook.  The hooks are entered
# by a jump and leave by a jump with the application's flags live: hook_cmp
# through rr's lone `_syscallbuf_final_exit_instruction: jmp
# *stub_scratch_1`, which must stay untouched (rr emulates it), hook_mov
# through a two-instruction exit whose entry tick must keep the flags.  The
# ticked build prints what the plain one prints, preload.o has the plain
# object's instructions but the ticks and no tick-free cycle, and
# softticks-trace finds no violation and counts the same ticks twice.
# x86-64 (rr's i386 hooks leave the same way).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_TRACE
#   ST_GCC_PLUGIN ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
P=$ST_HERE/programs/syscallbuf
cc=${ST_GCC:-gcc}

build() { # NAME [FLAGS_FOR_MAIN...]: main.c through softticks-as (and FLAGS)
  local name=$1
  shift
  mkdir -p "$name"
  "$cc" -O2 -c "$P/main.c" -o "$name/main.plain.o"
  "$cc" -c "$P/site.S" -o "$name/site.o"
  "$cc" -c "$P/preload.S" -o "$name/preload.plain.o"
  "$cc" -B "$ST_SAS_BIN/" -O2 "$@" -c "$P/main.c" -o "$name/main.o"
  SOFTTICKS_AS_STATS=1 "$cc" -B "$ST_SAS_BIN/" -c "$P/preload.S" -o "$name/preload.o"
  "$cc" "$name/main.plain.o" "$name/site.o" "$name/preload.plain.o" -o "$name/plain"
  "$cc" "$name/main.o" "$name/site.o" "$name/preload.o" -o "$name/ticked"
  python3 "$ST_TICKFREE" "$name/preload.o" || fail "$name: tick-free cycle"
  python3 "$ST_HERE/compare_insns.py" "$name/preload.plain.o" "$name/preload.o" ||
    fail "$name: preload.o differs from the plain object outside the ticks"
  "$name/plain" > "$name/plain.out"
  "$name/ticked" > "$name/ticked.out"
  echo "$name: plain: $(cat "$name/plain.out"); ticked: $(cat "$name/ticked.out")"
  cmp "$name/plain.out" "$name/ticked.out" || fail "$name: output differs: a tick changed the flags"
  # The hooks, the trampoline, __morestack and exit_via_rcx tick; rr's
  # lone exit jump stays the first instruction of its symbol (rr emulates
  # it while recording, not while replaying).
  [ "$(objdump -d "$name/preload.o" | grep -c 'testb  *\$0x80,0x70001807')" -ge 5 ] ||
    fail "$name: the preload side is not instrumented"
  objdump -d "$name/preload.o" | grep -A1 '<_syscallbuf_final_exit_instruction>:$' | tail -1 |
    grep 'jmp  *\*' >/dev/null || fail "$name: _syscallbuf_final_exit_instruction does not start with its jump"
  if [ -n "${ST_TRACE:-}" ]; then
    trace_proof "$name" "$name/ticked"
  fi
}

build all_through_as
if [ -n "${ST_GCC_PLUGIN:-}" ]; then
  build with_plugin -fplugin="$ST_GCC_PLUGIN"
fi
echo "PASS"
