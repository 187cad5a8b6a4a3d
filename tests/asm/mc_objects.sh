#!/usr/bin/env bash
# Every object softticks-as makes from the per-shape inputs (this
# directory's .s files), through gcc -B as a compiler driver runs it: no
# tick-free cycle (tests/late_loops/tickfree_cycles.py) and the same
# instructions as the plain object outside the inserted sequences
# (compare_insns.py).  Inputs that cannot hold the guarantee by design
# are left out: opt_outs.s (loops that must not tick), data_only.s (no
# code), bad_input.s and wrapper_status.s (errors), computed_table.s (its table
# of label differences sits in .text: its values change, and objdump reads
# them as instructions), computed_jump.s and intel_computed.s (left
# uninstrumented on purpose), already_instrumented.s and
# plugin_output_marker*.s and marker_label_compiled.s/marker_label_clang.s
# (compile C; no code of their own), open_cycles.s
# (loops headed by data, where no tick can go: it tests their report),
# unknown_insn.s (an instruction no assembler knows), location_branch.s
# (functions left alone on purpose: `loop .` stays a tick-free cycle),
# include.s (needs -I: its lit test assembles it), compiled_code_address.s
# (read as hand-written, as here without --softticks-compiled, it is
# refused on purpose: its lit test runs both).
# Environment (CTest): ST_SAS_BIN ST_HERE ST_TICKFREE ST_GCC ST_WORK
source "$ST_HERE/../machine_code/lib.sh"
cc=${ST_GCC:-gcc}
n=0
for s in "$ST_HERE"/*.s; do
  base=$(basename "$s" .s)
  case $base in opt_outs | data_only | bad_input | wrapper_status | already_instrumented* | computed_* | intel_computed | plugin_output_marker* | open_cycles | unknown_insn | location_branch | include | marker_label_compiled | marker_label_clang | compiled_code_address) continue ;; esac
  case $base in aarch64_* | i386_*) continue ;; esac # other arches: lit tests and mc_programs
  # .code32/.code16 regions: objdump would read them as 64-bit code, and
  # the .code16 cycle stays open on purpose (asm.lit.code_modes).
  [ "$base" = code_modes ] && continue
  "$cc" -c -x assembler "$s" -o "$base.plain.o"
  "$cc" -B "$ST_SAS_BIN/" -c -x assembler "$s" -o "$base.o"
  python3 "$ST_TICKFREE" "$base.o" || fail "$base: tick-free cycle"
  python3 "$ST_HERE/compare_insns.py" "$base.plain.o" "$base.o" || fail "$base: instructions differ"
  # The module parts, unless the plugin wrote them (manifest).
  grep -q 'softticks.manifest' "$s" || [ "$(readelf -S "$base.o" | grep -c '\.note\.rrsoftticks')" -eq 1 ] || fail "$base: no ABI note"
  n=$((n + 1))
done
[ "$n" -ge 15 ] || fail "only $n inputs"
echo "PASS: $n objects"
