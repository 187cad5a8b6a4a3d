#!/usr/bin/env bash
# By hand, not in CTest (it rebuilds softticks-as): breaks one rule of
# asm/ at a time and lists the lit tests that then fail, to show that each
# rule has a test that can fail.  Restores every file afterwards.
# Usage: tests/asm/mutants.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
lit=${LIT:-/usr/lib/llvm-19/build/utils/lit/lit.py}
mut() { # NAME FILE FROM TO
  local name=$1 file=$root/asm/$2 backup
  backup=$(mktemp)
  cp "$file" "$backup"
  if ! python3 -c 'import sys
p, a, b = sys.argv[1:4]
s = open(p).read()
if a not in s:
    sys.exit("stale mutant, no match: " + a)
open(p, "w").write(s.replace(a, b, 1))' "$file" "$3" "$4"; then
    rm -f "$backup"
    return
  fi
  if ! cmake --build "$build" --target softticks-as > /dev/null; then
    echo "$name: does not build (mutant to fix)"
    cp "$backup" "$file"
    rm -f "$backup"
    return
  fi
  echo "$name: $(python3 "$lit" -q "$build/tests/asm" 2>&1 | sed -n 's/.*softticks-as :: //p' | tr '\n' ' ')"
  cp "$backup" "$file"
  rm -f "$backup"
}
mut no_cycle_ticks place.c "if (tick[n] && !nd->skip) {" "if (tick[n] && !(tick[n] & ST_TICK_CYCLE) && !nd->skip) {"
mut no_flag_save place.c "struct sas_insert at = {0, live[n], cfa[nd->v], line, 0, NULL, s->v[nd->v].w.syntax};" "struct sas_insert at = {0, 0, cfa[nd->v], line, 0, NULL, s->v[nd->v].w.syntax};"
mut no_address_taken cfg.c "          b->g->nodes[node].entry = 1;" "          (void)0;"
mut no_endbr_rule place.c "g->nodes[nx].insn.is_landing_pad) {" "g->nodes[nx].insn.is_landing_pad && 0) {"
mut no_rept_twice expand.c "unsigned copies = 2, k;" "unsigned copies = 1, k;"
mut no_cond_walk cfg.c "if (b->s->v[s->defs[i]].cond_depth == 0) break;" "break;"
mut no_app_filter cfg.c "((manifest || opt->compiled) && !src->stmts[s->v[v].origin].in_app)" "0"
mut no_compiled_option cfg.c "(manifest || opt->compiled)" "manifest"
mut no_returns_twice cfg.c "nd->rt_call = 1;" "(void)0;"
mut no_computes_itself computed.c "tg->computes_itself(s->v[g->nodes[n].v].text, g->nodes[n].insn.operands))" "0)"
mut no_location_counter computed.c "tg->uses_location(g->nodes[n].insn.operands)) {" "0) {"
mut no_computed_refusal instrument.c "unsigned c = sas_computed_code_address(&s, &g);" "unsigned c = 0;"
mut no_debug_filter cfg.c "if (sec->v[sec_of[v]].names_no_targets) continue;" ""
mut no_set_ifunc cfg.c '} else if (dir == SAS_DIR_SET) {' '} else if (0) {'
mut no_short_widening place.c "if (nd->kind != SAS_NODE_INSN || !nd->insn.short_only) continue;" "continue;"
mut no_label_rename aarch64.c 'RR_SOFTTICKS_AARCH64_TICK_ASM, "5354100");' 'RR_SOFTTICKS_AARCH64_TICK_ASM, "1");'
mut no_jump_out_live liveness.c "if (nd->kind == SAS_NODE_INSN && nd->leaves_file) out |= g->tick_clobbers;" ""
mut no_lone_exit place.c "if (tick[n] == ST_TICK_PASSED_ON && !nd->skip" "if (0 && tick[n] == ST_TICK_PASSED_ON && !nd->skip"
mut no_x17_save aarch64.c 'st_text_printf(out, "stp x16, x17, [sp, #-16]!;%s", cfi ? ".cfi_adjust_cfa_offset 16;" : "");' '(void)0;'
mut no_cfi_adjust emit.c "+ ((ins[i].cfa & ~SAS_CFA_REG_EXPR) == SAS_CFA_SP);" "+ 0;"
mut no_cfi_after_startproc place.c "unsigned w = after_cfi(s, nd->v);" "unsigned w = nd->v;"
mut no_cfi_endproc_stop place.c "&& !sas_is_cfi_endproc(s->v[w + 1].text)" ""
mut no_cfi_remember cfi.c "f->cur = f->depth ? f->stack[--f->depth] : SAS_CFA_UNKNOWN;" "(void)0;"
mut no_cfi_sections cfi.c "struct frame_state *f = &fs[g->section_of[v]];" "struct frame_state *f = &fs[0];"
mut no_cfi_expression cfi.c "cur = SAS_CFA_EXPR;" "(void)0;"
mut no_unknown_alone cfg.c "        g->nodes[k].skip = 1;" "        (void)0;"
mut shift_by_cl_writes x86.c ": 1) return f->writes;" ": 1) return f->count_writes;"
mut no_data_in_flow cfg.c "if (b.oom || data_in_flow(&b)) goto oom;" "if (b.oom) goto oom;"
mut no_byte_decode cfg.c "if (!tg->classify_bytes || !tg->classify_bytes(" "if (1 || !tg->classify_bytes("
mut tables_entered cfg.c "(g->nodes[t].kind == SAS_NODE_LABEL && !b->taken[t])" "g->nodes[t].kind == SAS_NODE_LABEL"
cmake --build "$build" --target softticks-as > /dev/null
cmake --build "$build" --target softticks-as > /dev/null
