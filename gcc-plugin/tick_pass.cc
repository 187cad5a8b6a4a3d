/*
 * The GIMPLE pass: GCC's CFG -> st_cfg -> st_place() -> tick asm statements.
 *
 * It runs right after "optimized" (pass_cleanup_cfg_post_optimizing), the
 * last GIMPLE pass before expansion, which GCC runs at every -O level;
 * with -flto it runs in the link-time (ltrans) compilation only.
 */
#include "gcc_includes.h"

#include "softticks_gcc.h"
#include "placement.h"
#include "returns_twice.h"

unsigned long st_unit_ticks;
unsigned long st_unit_functions;
bool st_unit_maps_early;

namespace {

/* A volatile asm with the sequence, no operands and only the ABI's
 * clobbers: it touches no memory the compiler knows about.  Under
 * -masm=intel its template spells the sequence in both x86 dialects
 * (st_tick_template).  It carries the source location of the code it
 * ticks for (see tick_location). */
gasm *build_tick(enum rr_softticks_arch arch, location_t where) {
  static const char *const x86_clobbers[] = {RR_SOFTTICKS_X86_CLOBBERS};
  static const char *const aarch64_clobbers[] = {RR_SOFTTICKS_AARCH64_CLOBBERS};
  const char *const *names = arch == RR_SOFTTICKS_ARCH_AARCH64 ? aarch64_clobbers : x86_clobbers;
  size_t count = arch == RR_SOFTTICKS_ARCH_AARCH64
                     ? sizeof aarch64_clobbers / sizeof *aarch64_clobbers
                     : sizeof x86_clobbers / sizeof *x86_clobbers;
  vec<tree, va_gc> *clobbers = NULL;
  for (size_t i = 0; i < count; i++) {
    tree name = build_string(strlen(names[i]) + 1, names[i]);
    vec_safe_push(clobbers, build_tree_list(NULL_TREE, name));
  }
  gasm *tick = gimple_build_asm_vec(st_tick_template(arch), NULL, NULL, clobbers, NULL);
  gimple_asm_set_volatile(tick, true);
  gimple_set_location(tick, where);
  return tick;
}

/* Where a debugger sees the tick at the start of bb: on the line of the
 * code that follows it, so that line stepping and "break FUNCTION" find
 * the same lines as without ticks.  A tick without a location would take
 * the line of whatever precedes it in the address order (the function's
 * opening line at entry, the end of the loop body at a loop head), which
 * gdb stops at once more.  A block with no located statement takes the
 * location of the jump that leaves it. */
location_t tick_location(basic_block bb) {
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb(bb); !gsi_end_p(gsi);
       gsi_next_nondebug(&gsi))
    if (gimple_location(gsi_stmt(gsi)) != UNKNOWN_LOCATION) return gimple_location(gsi_stmt(gsi));
  if (single_succ_p(bb)) return single_succ_edge(bb)->goto_locus;
  return UNKNOWN_LOCATION;
}

/* The tick at the start of bb, after its labels and the debug statements
 * that open it: with -g those mark where a source statement begins (the
 * is_stmt row gdb stops at), and the tick belongs to that statement.
 * They generate no code, so the tick's place in the code is the same at
 * every -g level (-fcompare-debug). */
void insert_block_tick(basic_block bb, enum rr_softticks_arch arch) {
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb(bb);
  gsi_insert_before(&gsi, build_tick(arch, tick_location(bb)), GSI_SAME_STMT);
}

/* The first statement of bb that is not a label or debug statement. */
gimple *first_real_stmt(basic_block bb) {
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb(bb);
  return gsi_end_p(gsi) ? NULL : gsi_stmt(gsi);
}

/* A call that can return more than once: what GCC marks ECF_RETURNS_TWICE
 * (the attribute, setjmp and the like by name, __builtin_setjmp), or a
 * direct call to a public function whose (assembler) name
 * common/returns_twice.c lists: swapcontext, which GCC does not mark. */
bool is_returns_twice_call(const gimple *stmt) {
  if (!stmt || !is_gimple_call(stmt)) return false;
  if (gimple_call_flags(stmt) & ECF_RETURNS_TWICE) return true;
  tree fndecl = gimple_call_fndecl(stmt);
  return fndecl && TREE_PUBLIC(fndecl) && DECL_NAME(fndecl) &&
         st_returns_twice_name(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl)));
}

/* GCC's abnormal dispatcher: a block holding only the internal call
 * .ABNORMAL_DISPATCHER, which expands to no code.  It fans out to every
 * setjmp receiver and nonlocal label, so it may head a cycle. */
bool is_abnormal_dispatcher(basic_block bb) {
  gimple *stmt = first_real_stmt(bb);
  return stmt && gimple_call_internal_p(stmt, IFN_ABNORMAL_DISPATCHER);
}

class cfg_for_placement {
 public:
  explicit cfg_for_placement(function *fun) {
    basic_block entry = single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fun))
                            ? single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun))
                            : EDGE_SUCC(ENTRY_BLOCK_PTR_FOR_FN(fun), 0)->dest;
    index_of.safe_grow_cleared(last_basic_block_for_fn(fun));
    add_block(entry);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun)
    if (bb != entry) add_block(bb);
    FOR_EACH_BB_FN(bb, fun) {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE(e, ei, bb->succs) {
        if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun)) continue;
        struct st_edge se = {index_of[bb->index] - 1, index_of[e->dest->index] - 1};
        edges.safe_push(se);
      }
    }
  }

  /* Blocks in st_cfg order; index_of[bb->index] - 1 is the st_cfg index. */
  auto_vec<basic_block> blocks;
  auto_vec<unsigned> flags;
  auto_vec<st_edge> edges;
  auto_vec<unsigned> index_of;

  struct st_cfg view() const {
    struct st_cfg cfg = {blocks.length(), flags.address(), edges.length(), edges.address()};
    return cfg;
  }

 private:
  void add_block(basic_block bb) {
    unsigned f = 0;
    if (is_abnormal_dispatcher(bb)) f |= ST_BLOCK_NO_CODE;
    if (is_returns_twice_call(first_real_stmt(bb))) f |= ST_BLOCK_LEADING_RETURNS_TWICE;
    index_of[bb->index] = blocks.length() + 1;
    blocks.safe_push(bb);
    flags.safe_push(f);
  }
};

/* Right after a returns_twice call, where each of its returns lands: on
 * the fall-through edge if the call ends its block, else at the start of
 * a new block split off after it (one tick per block).  Returns ticks
 * added. */
unsigned tick_after_returns_twice(gimple *call, enum rr_softticks_arch arch,
                                  bitmap ticked_blocks) {
  basic_block bb = gimple_bb(call);
  const char *placed;
  unsigned added = 1;
  if (!stmt_ends_bb_p(call)) {
    edge e = split_block(bb, call);
    gimple_stmt_iterator gsi = gsi_after_labels(e->dest);
    gsi_insert_before(&gsi, build_tick(arch, gimple_location(call)), GSI_SAME_STMT);
    placed = "tick at the start of the block split off after it";
  } else if (edge fallthru = find_fallthru_edge(bb->succs)) {
    if (single_pred_p(fallthru->dest) && bitmap_bit_p(ticked_blocks, fallthru->dest->index)) {
      placed = "no tick (its successor's own tick follows it)";
      added = 0;
    } else {
      gsi_insert_on_edge_immediate(fallthru, build_tick(arch, gimple_location(call)));
      placed = "tick on its fall-through edge";
    }
  } else {
    placed = "no tick (it never returns normally: nothing lands)";
    added = 0;
  }
  if (dump_file)
    fprintf(dump_file, ";; softticks: returns_twice call in bb %d: %s\n", bb->index, placed);
  return added;
}

/* -fdump-tree-all: why bb ticks at its start (a st_tick_reason set). */
void dump_tick_reason(basic_block bb, unsigned reason) {
  fprintf(dump_file, ";; softticks: tick at the start of bb %d:%s%s%s\n", bb->index,
          reason & ST_TICK_ENTRY ? " entry" : "", reason & ST_TICK_CYCLE ? " cycle-head" : "",
          reason & ST_TICK_PASSED_ON ? " passed-on" : "");
}

unsigned instrument(function *fun, enum rr_softticks_arch arch) {
  /* A function whose entry leads straight to EXIT has no block for code. */
  if (EDGE_COUNT(ENTRY_BLOCK_PTR_FOR_FN(fun)->succs) == 0 ||
      EDGE_SUCC(ENTRY_BLOCK_PTR_FOR_FN(fun), 0)->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
    return 0;
  cfg_for_placement cfg(fun);
  unsigned n = cfg.blocks.length();
  if (n == 0) return 0;
  auto_vec<unsigned> tick;
  tick.safe_grow_cleared(n);
  struct st_cfg view = cfg.view();
  if (st_place(&view, tick.address()) != 0) {
    error("softticks: cannot place ticks in %qD (out of memory)", fun->decl);
    return 0;
  }

  /* Collect the returns_twice calls before the CFG changes. */
  auto_vec<gimple *> returns_twice_calls;
  for (unsigned i = 0; i < n; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb(cfg.blocks[i]); !gsi_end_p(gsi); gsi_next(&gsi))
      if (is_returns_twice_call(gsi_stmt(gsi))) returns_twice_calls.safe_push(gsi_stmt(gsi));

  unsigned added = 0;
  auto_bitmap ticked_blocks;
  for (unsigned i = 0; i < n; i++) {
    if (!tick[i]) continue;
    if (dump_file) dump_tick_reason(cfg.blocks[i], tick[i]);
    insert_block_tick(cfg.blocks[i], arch);
    bitmap_set_bit(ticked_blocks, cfg.blocks[i]->index);
    added++;
  }
  for (gimple *call : returns_twice_calls) added += tick_after_returns_twice(call, arch, ticked_blocks);
  return added;
}

/* The module's initializer, as a hidden external function. */
tree initializer_decl(void) {
  tree name = get_identifier(RR_SOFTTICKS_INIT_SYMBOL);
  if (symtab_node *known = symtab_node::get_for_asmname(name))
    if (TREE_CODE(known->decl) == FUNCTION_DECL) return known->decl;
  tree decl = build_fn_decl(RR_SOFTTICKS_INIT_SYMBOL,
                            build_function_type_list(void_type_node, NULL_TREE));
  DECL_EXTERNAL(decl) = 1;
  TREE_PUBLIC(decl) = 1;
  TREE_NOTHROW(decl) = 1;
  DECL_ARTIFICIAL(decl) = 1;
  DECL_VISIBILITY(decl) = VISIBILITY_HIDDEN;
  DECL_VISIBILITY_SPECIFIED(decl) = 1;
  return decl;
}

/* Code that may run before the module's initializer (an ifunc resolver, a
 * .preinit_array entry, an early constructor) calls it first, so that
 * whatever it calls may tick; the initializer is idempotent (EEXIST). */
void call_initializer_first(function *fun) {
  tree init = initializer_decl();
  gcall *call = gimple_build_call(init, 0);
  gimple_call_set_nothrow(call, true);
  gimple_set_location(call, DECL_SOURCE_LOCATION(fun->decl));
  gsi_insert_on_edge_immediate(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun)), call);
  cgraph_node::get_create(fun->decl)
      ->create_edge(cgraph_node::get_create(init), call, gimple_bb(call)->count);
}

const pass_data tick_pass_data = {
    GIMPLE_PASS,
    "softticks", /* name: its dump is <file>.<n>t.softticks (README.md, "Dump") */
    OPTGROUP_NONE,
    TV_NONE,
    PROP_cfg | PROP_ssa,
    0,
    0,
    0,
    0,
};

class tick_pass : public gimple_opt_pass {
 public:
  explicit tick_pass(gcc::context *ctx) : gimple_opt_pass(tick_pass_data, ctx) {}

  unsigned int execute(function *fun) final override {
    enum rr_softticks_arch arch;
    if (!st_target_arch(&arch)) return 0;
    st_skip_decision decision = st_skip_decision_for(fun->decl);
    unsigned todo = 0;
    if (decision.maps_page_first && single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fun))) {
      if (dump_file)
        fprintf(dump_file, ";; softticks: may run before the initializer: calls %s first\n",
                RR_SOFTTICKS_INIT_SYMBOL);
      call_initializer_first(fun);
      st_unit_maps_early = true;
      todo = TODO_update_ssa_only_virtuals; /* the call's memory state */
    }
    if (decision.reason != ST_TICKS) {
      if (dump_file)
        fprintf(dump_file, ";; softticks: skipped (%s)\n", st_skip_reason_text(decision.reason));
      if (st_option_stats)
        fprintf(stderr, "softticks: %s: skipped (%s)\n",
                IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl)),
                st_skip_reason_text(decision.reason));
      return todo;
    }
    st_expand_late_loops(fun, arch);
    unsigned added = instrument(fun, arch);
    st_unit_ticks += added;
    st_unit_functions++;
    if (dump_file) fprintf(dump_file, ";; softticks: %u ticks\n", added);
    if (st_option_stats)
      fprintf(stderr, "softticks: %s: %u ticks\n",
              IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl)), added);
    return todo;
  }
};

}  // namespace

void st_register_tick_pass(void) {
  struct register_pass_info info;
  info.pass = new tick_pass(g);
  info.reference_pass_name = "optimized";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback(st_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
