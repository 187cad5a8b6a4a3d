/*
 * The late RTL pass "softticks-late": ticks the cycles that code
 * generation wrote after the GIMPLE pass placed ticks (abi/ABI.md, "Loops
 * made after the pass"): block moves and clears expanded as loops (x86
 * string strategies, emit_block_move_via_loop for i386 argument copies and
 * named address spaces), ASan's shadow-clearing loops in epilogues, stack
 * clash probe loops for alloca, and whatever else expansion or a later
 * pass makes.  Code generation itself is left as the plain build has it.
 *
 * It runs before "alignments", the first pass of pass_late_compilation
 * after zero_call_used_regs: after the prologue and epilogue, basic-block
 * reordering, sched2 and reg-stack (the last passes that add or copy
 * blocks), while the CFG and the dataflow information still exist
 * (pass_free_cfg follows variable tracking, pass_df_finish follows
 * final).  What runs after it (machine reorg, delay slots,
 * split_for_shorten_branches) makes no loops on x86 or aarch64.
 *
 * On the final CFG, every cycle that passes no block holding a tick
 * (the GIMPLE pass's, a hand-written RR_SOFTTICK(), or one added here)
 * gets one (common/late_cycles.c), in the block of the cycle where the
 * tick's clobbers (x86: the flags; aarch64: x16, x17) are dead, at the
 * first such point; where no block of a cycle has one, the tick saves and
 * restores them around the ABI's exact sequence (late_tick_text()).
 */
#include "gcc_includes.h"

#include "memmodel.h"
#include "rtl.h"
#include "emit-rtl.h"
#include "df.h"

#include "softticks_gcc.h"
#include "late_cycles.h"

/* From dwarf2out.h, which needs headers plugins lack: whether the
 * function's unwind information is written as .cfi directives. */
bool dwarf2out_do_cfi_asm(void);

bool st_option_late_save;

namespace {

/* The hard registers a tick clobbers, which must be dead where it goes. */
void tick_clobbers(enum rr_softticks_arch arch, auto_vec<rtx> *regs) {
#if defined(ST_GCC_TARGET_X86)
  (void)arch;
  regs->safe_push(gen_rtx_REG(CCmode, FLAGS_REG));
#elif defined(ST_GCC_TARGET_AARCH64)
  (void)arch;
  regs->safe_push(gen_rtx_REG(DImode, R16_REGNUM));
  regs->safe_push(gen_rtx_REG(DImode, R17_REGNUM));
#else
  (void)arch;
  (void)regs;
#endif
}

/* The asm template of an insn (an asm statement's), or NULL. */
const char *asm_template(rtx_insn *insn) {
  if (!NONJUMP_INSN_P(insn)) return NULL;
  rtx body = PATTERN(insn);
  if (GET_CODE(body) == PARALLEL) body = XVECEXP(body, 0, 0);
  if (GET_CODE(body) == SET) body = SET_SRC(body);
  if (GET_CODE(body) == ASM_OPERANDS) return ASM_OPERANDS_TEMPLATE(body);
  if (GET_CODE(body) == ASM_INPUT) return XSTR(body, 0);
  return NULL;
}

/* Whether bb holds a tick: an asm whose text holds the ABI's sequence
 * (the GIMPLE pass's ticks, RR_SOFTTICK(), this pass's own). */
bool holds_tick(basic_block bb, const char *tick) {
  rtx_insn *insn;
  FOR_BB_INSNS(bb, insn) {
    const char *text = asm_template(insn);
    if (text && strstr(text, tick)) return true;
  }
  return false;
}

bool any_live(bitmap live, const auto_vec<rtx> &regs) {
  for (rtx reg : regs)
    if (bitmap_bit_p(live, REGNO(reg))) return true;
  return false;
}

/* The first insn of bb before which the clobbered registers are dead, or
 * NULL: a backward walk of the block from its live-out set. */
rtx_insn *first_dead_point(basic_block bb, const auto_vec<rtx> &regs) {
  auto_bitmap live(&reg_obstack);
  df_simulate_initialize_backwards(bb, live);
  rtx_insn *found = NULL, *insn;
  FOR_BB_INSNS_REVERSE(bb, insn) {
    if (!NONDEBUG_INSN_P(insn)) continue;
    df_simulate_one_insn_backwards(bb, insn, live);
    if (!any_live(live, regs)) found = insn;
  }
  return found;
}

/* The first real insn of bb (where a tick that saves goes), or NULL. */
rtx_insn *first_real_insn(basic_block bb) {
  rtx_insn *insn;
  FOR_BB_INSNS(bb, insn)
  if (NONDEBUG_INSN_P(insn)) return insn;
  return NULL;
}

/* The ABI's sequence, alone, or, where its clobbers are live, between a
 * save and a restore of them that keep the bytes in between exactly the
 * ABI's.  x86 keeps the flags the tick changes (SF ZF AF PF CF through
 * lahf/sahf, OF through seto and an add of 127) in %eax/%rax, itself
 * saved on the stack: not pushf/popf, which would also save and restore
 * the trap flag a single-stepping tracer sets, and so leave it set.
 * x86-64 steps over the red zone first.  The call frame address moves
 * with sp only while the CFA is sp-based (no frame pointer, no DRAP),
 * which the .cfi lines then follow.  As an extended asm without operands,
 * its text is read by output_asm_insn: '%' is written "%%", and "{AT&T|
 * Intel}" is a dialect alternative.  The x86 save and restore are AT&T
 * text: under -masm=intel the whole text goes between the header's
 * switches to AT&T and back (RR_SOFTTICKS_X86_DIALECT_BEGIN, _END); a tick
 * alone is st_tick_template's. */
const char *late_tick_text(enum rr_softticks_arch arch, bool save) {
  const char *tick = st_tick_asm(arch);
  if (!save) return ggc_strdup(st_tick_template(arch));
  bool cfi = dwarf2out_do_cfi_asm() && !frame_pointer_needed && !crtl->drap_reg;
  const char *before = "", *after = "";
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      before = cfi ? "leaq -128(%%rsp), %%rsp\n\t.cfi_adjust_cfa_offset 128\n\t"
                     "pushq %%rax\n\t.cfi_adjust_cfa_offset 8\n\tlahf\n\tseto %%al\n\t"
                     "pushq %%rax\n\t.cfi_adjust_cfa_offset 8\n\t"
                   : "leaq -128(%%rsp), %%rsp\n\tpushq %%rax\n\tlahf\n\tseto %%al\n\t"
                     "pushq %%rax\n\t";
      after = cfi ? "\tpopq %%rax\n\t.cfi_adjust_cfa_offset -8\n\taddb $127, %%al\n\tsahf\n\t"
                    "popq %%rax\n\t.cfi_adjust_cfa_offset -8\n\tleaq 128(%%rsp), %%rsp\n\t"
                    ".cfi_adjust_cfa_offset -128"
                  : "\tpopq %%rax\n\taddb $127, %%al\n\tsahf\n\tpopq %%rax\n\t"
                    "leaq 128(%%rsp), %%rsp";
      break;
    case RR_SOFTTICKS_ARCH_I386:
      before = cfi ? "pushl %%eax\n\t.cfi_adjust_cfa_offset 4\n\tlahf\n\tseto %%al\n\t"
                     "pushl %%eax\n\t.cfi_adjust_cfa_offset 4\n\t"
                   : "pushl %%eax\n\tlahf\n\tseto %%al\n\tpushl %%eax\n\t";
      after = cfi ? "\tpopl %%eax\n\t.cfi_adjust_cfa_offset -4\n\taddb $127, %%al\n\tsahf\n\t"
                    "popl %%eax\n\t.cfi_adjust_cfa_offset -4"
                  : "\tpopl %%eax\n\taddb $127, %%al\n\tsahf\n\tpopl %%eax";
      break;
    case RR_SOFTTICKS_ARCH_AARCH64:
      before = cfi ? "stp x16, x17, [sp, #-16]!\n\t.cfi_adjust_cfa_offset 16\n\t"
                   : "stp x16, x17, [sp, #-16]!\n\t";
      after = cfi ? "\tldp x16, x17, [sp], #16\n\t.cfi_adjust_cfa_offset -16"
                  : "\tldp x16, x17, [sp], #16";
      break;
  }
  bool intel = arch != RR_SOFTTICKS_ARCH_AARCH64 && st_output_intel_syntax();
  char *joined = concat(intel ? RR_SOFTTICKS_X86_DIALECT_BEGIN : "", before, tick, after,
                        intel ? RR_SOFTTICKS_X86_DIALECT_END : "", NULL);
  const char *text = ggc_strdup(joined);
  free(joined);
  return text;
}

/* A volatile asm insn with the text and the tick's clobbers, before
 * where, at where's source location. */
void emit_tick_before(rtx_insn *where, const char *text, const auto_vec<rtx> &regs) {
  rtx op = gen_rtx_ASM_OPERANDS(VOIDmode, text, "", 0, rtvec_alloc(0), rtvec_alloc(0),
                                rtvec_alloc(0), INSN_LOCATION(where));
  MEM_VOLATILE_P(op) = 1;
  rtvec parts = rtvec_alloc(1 + regs.length());
  RTVEC_ELT(parts, 0) = op;
  for (unsigned i = 0; i < regs.length(); i++)
    RTVEC_ELT(parts, i + 1) = gen_rtx_CLOBBER(VOIDmode, regs[i]);
  rtx_insn *insn = emit_insn_before(gen_rtx_PARALLEL(VOIDmode, parts), where);
  INSN_LOCATION(insn) = INSN_LOCATION(where);
}

unsigned tick_late_cycles(function *fun, enum rr_softticks_arch arch) {
  auto_vec<rtx> regs;
  tick_clobbers(arch, &regs);
  if (regs.is_empty()) return 0;
  df_analyze();

  /* The CFG as an st_cfg: block 0 is the entry's successor. */
  auto_vec<basic_block> blocks;
  auto_vec<unsigned> index_of;
  index_of.safe_grow_cleared(last_basic_block_for_fn(fun));
  basic_block bb;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun)->succs)
  if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) && !index_of[e->dest->index]) {
    blocks.safe_push(e->dest);
    index_of[e->dest->index] = blocks.length();
  }
  FOR_EACH_BB_FN(bb, fun)
  if (!index_of[bb->index]) {
    blocks.safe_push(bb);
    index_of[bb->index] = blocks.length();
  }
  auto_vec<st_edge> edges;
  FOR_EACH_BB_FN(bb, fun)
  FOR_EACH_EDGE(e, ei, bb->succs)
  if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun)) {
    st_edge se = {index_of[bb->index] - 1, index_of[e->dest->index] - 1};
    edges.safe_push(se);
  }

  unsigned n = blocks.length();
  auto_vec<unsigned char> ticked, add;
  auto_vec<unsigned> cost;
  auto_vec<rtx_insn *> dead_point;
  ticked.safe_grow_cleared(n);
  add.safe_grow_cleared(n);
  cost.safe_grow_cleared(n);
  dead_point.safe_grow_cleared(n);
  const char *tick = st_tick_asm(arch);
  for (unsigned i = 0; i < n; i++) {
    ticked[i] = holds_tick(blocks[i], tick);
    if (!ticked[i] && !st_option_late_save) dead_point[i] = first_dead_point(blocks[i], regs);
    /* A block with no insn at all cannot hold a tick. */
    cost[i] = dead_point[i] ? 0 : first_real_insn(blocks[i]) ? 1 : 2;
  }
  st_cfg cfg = {n, NULL, edges.length(), edges.address()};
  if (st_cut_late_cycles(&cfg, ticked.address(), cost.address(), add.address()) < 0) {
    error("softticks: cannot find the late cycles of %qD (out of memory)", fun->decl);
    return 0;
  }
  unsigned added = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!add[i]) continue;
    rtx_insn *where = dead_point[i] ? dead_point[i] : first_real_insn(blocks[i]);
    if (!where) {
      error("softticks: a cycle of %qD made after the pass has no insn to tick at (bb %d)",
            fun->decl, blocks[i]->index);
      continue;
    }
    emit_tick_before(where, late_tick_text(arch, !dead_point[i]), regs);
    if (dump_file)
      fprintf(dump_file, ";; softticks: late cycle through bb %d: tick before insn %d%s\n",
              blocks[i]->index, INSN_UID(where),
              dead_point[i] ? "" : " (saves the registers it clobbers)");
    added++;
  }
  if (added) df_set_bb_dirty(ENTRY_BLOCK_PTR_FOR_FN(fun));
  return added;
}

const pass_data late_pass_data = {
    RTL_PASS,
    "softticks-late", /* its dump: <file>.<n>r.softticks-late */
    OPTGROUP_NONE,
    TV_NONE,
    PROP_rtl,
    0,
    0,
    0,
    0,
};

class late_pass : public rtl_opt_pass {
 public:
  explicit late_pass(gcc::context *ctx) : rtl_opt_pass(late_pass_data, ctx) {}

  unsigned int execute(function *fun) final override {
    enum rr_softticks_arch arch;
    if (!st_target_arch(&arch)) return 0;
    /* The GIMPLE pass's decision: a skipped function stays as it is. */
    if (st_skip_decision_for(fun->decl).reason != ST_TICKS) return 0;
    unsigned added = tick_late_cycles(fun, arch);
    st_unit_ticks += added;
    if (st_option_stats && added)
      fprintf(stderr, "softticks: %s: %u late ticks\n",
              IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl)), added);
    return 0;
  }
};

}  // namespace

void st_register_late_pass(void) {
  struct register_pass_info info;
  info.pass = new late_pass(g);
  info.reference_pass_name = "alignments";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback(st_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
