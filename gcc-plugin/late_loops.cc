/*
 * Loops RTL expansion would write without a tick, written as GIMPLE loops
 * before placement so that their heads tick like any other (abi/ABI.md,
 * "Loops made after the pass").
 *
 * An atomic read-modify-write builtin the target has no instruction for is
 * expanded by GCC into a compare-and-swap retry loop (expand_atomic_fetch_op
 * -> expand_compare_and_swap_loop, ix86's fetch-logic loop, aarch64's
 * ldxr/stxr loops).  Here it becomes
 *
 *   old = *(volatile itype *) p;
 *   loop: old' = PHI <old, seen>;  new = old' OP val;
 *         c = .ATOMIC_COMPARE_EXCHANGE (p, old', new, weak, model, relaxed);
 *         seen = REALPART c;  if (IMAGPART c) goto done; else goto loop;
 *   done: lhs = old' (fetch-op) or new (op-fetch)
 *
 * with a weak compare-and-swap, which no target expands into a loop.
 *
 * On aarch64 without LSE and without outline atomics a strong
 * compare-and-swap is itself an ldxr/stxr loop (it retries when the
 * store-exclusive fails); it becomes a weak one in a GIMPLE loop that
 * retries while the word still held the expected value.
 */
#include "gcc_includes.h"

#include "builtins.h"
#include "cfgloop.h"
#include "gimplify.h"
#include "memmodel.h"
#include "tree-into-ssa.h"
#include "tree-ssanames.h"

#include "softticks_gcc.h"

/* From optabs-query.h, which needs generated headers plugins lack. */
bool can_compare_and_swap_p(machine_mode, bool);

namespace {

enum rmw_result { RESULT_OLD, RESULT_NEW };

/* One family of sized builtins: CODE_N, then _1, _2, _4, _8, _16. */
struct rmw_family {
  enum built_in_function generic; /* the _N code */
  enum tree_code op;              /* ERROR_MARK: exchange; BIT_NOT_EXPR: nand */
  enum rmw_result result;
  int model_arg;                  /* index of the memory model; -1: __sync (seq_cst) */
};

const rmw_family families[] = {
    {BUILT_IN_ATOMIC_EXCHANGE_N, ERROR_MARK, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_ADD_N, PLUS_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_SUB_N, MINUS_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_AND_N, BIT_AND_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_NAND_N, BIT_NOT_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_XOR_N, BIT_XOR_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_FETCH_OR_N, BIT_IOR_EXPR, RESULT_OLD, 2},
    {BUILT_IN_ATOMIC_ADD_FETCH_N, PLUS_EXPR, RESULT_NEW, 2},
    {BUILT_IN_ATOMIC_SUB_FETCH_N, MINUS_EXPR, RESULT_NEW, 2},
    {BUILT_IN_ATOMIC_AND_FETCH_N, BIT_AND_EXPR, RESULT_NEW, 2},
    {BUILT_IN_ATOMIC_NAND_FETCH_N, BIT_NOT_EXPR, RESULT_NEW, 2},
    {BUILT_IN_ATOMIC_XOR_FETCH_N, BIT_XOR_EXPR, RESULT_NEW, 2},
    {BUILT_IN_ATOMIC_OR_FETCH_N, BIT_IOR_EXPR, RESULT_NEW, 2},
    {BUILT_IN_SYNC_FETCH_AND_ADD_N, PLUS_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_FETCH_AND_SUB_N, MINUS_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_FETCH_AND_OR_N, BIT_IOR_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_FETCH_AND_AND_N, BIT_AND_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_FETCH_AND_XOR_N, BIT_XOR_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_FETCH_AND_NAND_N, BIT_NOT_EXPR, RESULT_OLD, -1},
    {BUILT_IN_SYNC_ADD_AND_FETCH_N, PLUS_EXPR, RESULT_NEW, -1},
    {BUILT_IN_SYNC_SUB_AND_FETCH_N, MINUS_EXPR, RESULT_NEW, -1},
    {BUILT_IN_SYNC_OR_AND_FETCH_N, BIT_IOR_EXPR, RESULT_NEW, -1},
    {BUILT_IN_SYNC_AND_AND_FETCH_N, BIT_AND_EXPR, RESULT_NEW, -1},
    {BUILT_IN_SYNC_XOR_AND_FETCH_N, BIT_XOR_EXPR, RESULT_NEW, -1},
    {BUILT_IN_SYNC_NAND_AND_FETCH_N, BIT_NOT_EXPR, RESULT_NEW, -1},
};

/* The code of a call to a normal builtin, or -1.  Not
 * gimple_call_builtin_p: GCC's own instrumentation (gcov's
 * -fprofile-update=atomic) passes operands of other integer types. */
int normal_builtin(const gimple *stmt) {
  tree fndecl = gimple_call_fndecl(stmt);
  if (!fndecl || !fndecl_built_in_p(fndecl, BUILT_IN_NORMAL)) return -1;
  return DECL_FUNCTION_CODE(fndecl);
}

/* The family of a sized atomic read-modify-write builtin call and its
 * size in bytes (log2 in *log_size), or NULL. */
const rmw_family *rmw_builtin(const gimple *stmt, unsigned *log_size) {
  int code = normal_builtin(stmt);
  for (const rmw_family &f : families) {
    int first = (int)f.generic + 1;
    if (code >= first && code < first + 5) {
      *log_size = (unsigned)(code - first);
      return gimple_call_num_args(stmt) == (f.model_arg >= 0 ? 3u : 2u) ? &f : NULL;
    }
  }
  return NULL;
}

bool is_logic(enum tree_code op) {
  return op == BIT_AND_EXPR || op == BIT_IOR_EXPR || op == BIT_XOR_EXPR;
}

/* Whether RTL expansion writes a retry loop for this operation. */
bool backend_loops(const rmw_family &f, unsigned bytes, bool result_used,
                   enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
    case RR_SOFTTICKS_ARCH_I386:
      if (bytes > UNITS_PER_WORD) return true; /* cmpxchg8b / cmpxchg16b loops */
      if (f.op == BIT_NOT_EXPR) return true;   /* no nand instruction */
      if (is_logic(f.op)) return result_used;  /* lock and/or/xor return nothing */
      return false;                            /* xchg, lock xadd */
    case RR_SOFTTICKS_ARCH_AARCH64: {
      if (bytes > 8) return false; /* ldxp/stxp or casp: a documented limit */
#if defined(TARGET_LSE) && defined(TARGET_OUTLINE_ATOMICS)
      /* LSE instructions, or calls to libgcc's __aarch64_* helpers, cover
       * every operation but nand. */
      if (TARGET_LSE || TARGET_OUTLINE_ATOMICS) return f.op == BIT_NOT_EXPR;
#endif
      return true; /* ldxr/stxr loops */
    }
  }
  return false;
}

/* An integer constant.  Not build_int_cst: its poly_int parameter is
 * mangled per target, and the host plugin must still load into another
 * target's GCC to refuse it with a clear message. */
tree int_cst(tree type, HOST_WIDE_INT value) {
  return double_int_to_tree(type, double_int::from_shwi(value));
}

tree memmodel_cst(enum memmodel model) { return int_cst(integer_type_node, model); }

/* PTR as the base of a MEM_REF (an SSA name or the address of a
 * declaration), copied into an SSA name before GSI if it is not one. */
tree mem_ref_base(tree ptr, gimple_stmt_iterator *gsi, location_t loc) {
  if (is_gimple_mem_ref_addr(ptr)) return ptr;
  tree copy = make_ssa_name(TREE_TYPE(ptr));
  gassign *assign = gimple_build_assign(copy, ptr);
  gimple_set_location(assign, loc);
  gsi_insert_before(gsi, assign, GSI_SAME_STMT);
  return copy;
}

/* Removes CALL, whose work the loop now does; its result, if used, becomes
 * VALUE (converted to the result's type). */
void replace_call_by_value(gcall *call, tree value, location_t loc) {
  gimple_stmt_iterator csi = gsi_for_stmt(call);
  tree lhs = gimple_call_lhs(call);
  unlink_stmt_vdef(call);
  if (!lhs) {
    gsi_remove(&csi, true);
    release_defs(call);
    return;
  }
  if (!useless_type_conversion_p(TREE_TYPE(lhs), TREE_TYPE(value))) {
    tree converted = make_ssa_name(TREE_TYPE(lhs));
    gassign *conv = gimple_build_assign(converted, NOP_EXPR, value);
    gimple_set_location(conv, loc);
    gsi_insert_before(&csi, conv, GSI_SAME_STMT);
    value = converted;
  }
  gassign *copy = gimple_build_assign(lhs, value);
  gimple_set_location(copy, loc);
  gsi_replace(&csi, copy, false);
}

/* Replaces CALL (family F, 1 << LOG_SIZE bytes) with the loop above. */
void expand_rmw(gcall *call, const rmw_family &f, unsigned log_size) {
  location_t loc = gimple_location(call);
  unsigned bytes = 1u << log_size;
  /* The builtin's operand type: unsigned, 1 << log_size bytes. */
  tree itype = TREE_VALUE(TREE_CHAIN(TYPE_ARG_TYPES(TREE_TYPE(gimple_call_fndecl(call)))));
  tree ptr = gimple_call_arg(call, 0);
  tree model = f.model_arg >= 0 ? gimple_call_arg(call, f.model_arg) : memmodel_cst(MEMMODEL_SEQ_CST);
  basic_block bb = gimple_bb(call);

  /* Before: the first load and the operand in the compare-and-swap type. */
  gimple_stmt_iterator gsi = gsi_for_stmt(call);
  tree val = gimple_call_arg(call, 1);
  if (!useless_type_conversion_p(itype, TREE_TYPE(val))) {
    tree converted = make_ssa_name(itype);
    gassign *conv = gimple_build_assign(converted, NOP_EXPR, val);
    gimple_set_location(conv, loc);
    gsi_insert_before(&gsi, conv, GSI_SAME_STMT);
    val = converted;
  }
  /* The first guess need not be atomic (a torn value only fails the first
   * compare-and-swap, which returns the real one), as in GCC's own
   * expand_compare_and_swap_loop: a volatile load of any alias set. */
  tree init = make_ssa_name(itype);
  tree mem = build2(MEM_REF, itype, mem_ref_base(ptr, &gsi, loc), int_cst(ptr_type_node, 0));
  TREE_THIS_VOLATILE(mem) = 1;
  TREE_SIDE_EFFECTS(mem) = 1;
  gassign *load = gimple_build_assign(init, mem);
  gimple_set_location(load, loc);
  gsi_insert_before(&gsi, load, GSI_SAME_STMT);

  /* bb -> loop -> (loop | done), done holding the call and what followed. */
  edge to_done = split_block(bb, load);
  basic_block done = to_done->dest;
  basic_block loop = create_empty_bb(bb);
  loop->count = bb->count;
  if (current_loops) add_bb_to_loop(loop, bb->loop_father);
  edge entry = redirect_edge_succ_nodup(to_done, loop);
  edge exit = make_edge(loop, done, EDGE_TRUE_VALUE);
  edge back = make_edge(loop, loop, EDGE_FALSE_VALUE);
  exit->probability = profile_probability::very_likely();
  back->probability = exit->probability.invert();

  tree old = make_ssa_name(itype);
  gphi *phi = create_phi_node(old, loop);
  gimple_stmt_iterator lsi = gsi_start_bb(loop);
  tree desired = val;
  if (f.op == BIT_NOT_EXPR) {
    tree both = make_ssa_name(itype);
    gsi_insert_after(&lsi, gimple_build_assign(both, BIT_AND_EXPR, old, val), GSI_NEW_STMT);
    desired = make_ssa_name(itype);
    gsi_insert_after(&lsi, gimple_build_assign(desired, BIT_NOT_EXPR, both), GSI_NEW_STMT);
  } else if (f.op != ERROR_MARK) {
    desired = make_ssa_name(itype);
    gsi_insert_after(&lsi, gimple_build_assign(desired, f.op, old, val), GSI_NEW_STMT);
  }
  tree pair = make_ssa_name(build_complex_type(itype));
  gcall *cas = gimple_build_call_internal(IFN_ATOMIC_COMPARE_EXCHANGE, 6, ptr, old, desired,
                                          int_cst(integer_type_node, 256 + bytes),
                                          model, memmodel_cst(MEMMODEL_RELAXED));
  gimple_call_set_lhs(cas, pair);
  gimple_call_set_nothrow(cas, true);
  gsi_insert_after(&lsi, cas, GSI_NEW_STMT);
  tree seen = make_ssa_name(itype);
  gsi_insert_after(&lsi, gimple_build_assign(seen, REALPART_EXPR, build1(REALPART_EXPR, itype, pair)),
                   GSI_NEW_STMT);
  tree stored = make_ssa_name(itype);
  gsi_insert_after(&lsi, gimple_build_assign(stored, IMAGPART_EXPR, build1(IMAGPART_EXPR, itype, pair)),
                   GSI_NEW_STMT);
  gsi_insert_after(&lsi, gimple_build_cond(NE_EXPR, stored, build_zero_cst(itype), NULL_TREE, NULL_TREE),
                   GSI_NEW_STMT);
  for (gimple_stmt_iterator it = gsi_start_bb(loop); !gsi_end_p(it); gsi_next(&it))
    gimple_set_location(gsi_stmt(it), loc);
  add_phi_arg(phi, init, entry, loc);
  add_phi_arg(phi, seen, back, loc);

  /* After: the call's result from the loop's values. */
  replace_call_by_value(call, f.result == RESULT_OLD ? old : desired, loc);
}

/* The forms of a strong compare-and-swap. */
enum cas_form {
  CAS_IFN,      /* c = .ATOMIC_COMPARE_EXCHANGE (p, e, d, N, s, f), complex result */
  CAS_BY_REF,   /* ok = __atomic_compare_exchange_N (p, &e, d, weak, s, f) */
  CAS_SYNC_BOOL, /* ok = __sync_bool_compare_and_swap_N (p, e, d) */
  CAS_SYNC_VAL, /* old = __sync_val_compare_and_swap_N (p, e, d) */
};

/* Whether STMT is a strong compare-and-swap (its form, its size). */
bool strong_cas(gimple *stmt, enum cas_form *form, unsigned *bytes) {
  if (gimple_call_internal_p(stmt, IFN_ATOMIC_COMPARE_EXCHANGE)) {
    HOST_WIDE_INT flag = tree_to_shwi(gimple_call_arg(stmt, 3));
    *form = CAS_IFN;
    *bytes = flag & 255;
    return (flag & 256) == 0;
  }
  int code = normal_builtin(stmt);
  static const struct {
    enum built_in_function generic;
    enum cas_form form;
  } forms[] = {{BUILT_IN_ATOMIC_COMPARE_EXCHANGE_N, CAS_BY_REF},
               {BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_N, CAS_SYNC_BOOL},
               {BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_N, CAS_SYNC_VAL}};
  for (const auto &f : forms) {
    int first = (int)f.generic + 1;
    if (code < first || code >= first + 5) continue;
    if (gimple_call_num_args(stmt) != (f.form == CAS_BY_REF ? 6u : 3u)) return false;
    *form = f.form;
    *bytes = 1u << (code - first);
    return f.form != CAS_BY_REF || integer_zerop(gimple_call_arg(stmt, 3));
  }
  return false;
}

/* Appends STMT to the end of BB (located at LOC); returns it. */
gimple *append(basic_block bb, gimple *stmt, location_t loc) {
  gimple_set_location(stmt, loc);
  gimple_stmt_iterator gsi = gsi_last_bb(bb);
  gsi_insert_after(&gsi, stmt, GSI_NEW_STMT);
  return stmt;
}

/* A value of ITYPE for OP, converted before GSI if it needs to be. */
tree as_itype(tree op, tree itype, gimple_stmt_iterator *gsi, location_t loc) {
  if (useless_type_conversion_p(itype, TREE_TYPE(op))) return op;
  tree converted = make_ssa_name(itype);
  gassign *conv = gimple_build_assign(converted, NOP_EXPR, op);
  gimple_set_location(conv, loc);
  gsi_insert_before(gsi, conv, GSI_SAME_STMT);
  return converted;
}

void expand_strong_cas(gcall *call, enum cas_form form, unsigned bytes) {
  location_t loc = gimple_location(call);
  tree itype = build_nonstandard_integer_type(bytes * BITS_PER_UNIT, 1);
  tree ptr = gimple_call_arg(call, 0);
  bool sync = form == CAS_SYNC_BOOL || form == CAS_SYNC_VAL;
  tree success = sync ? memmodel_cst(MEMMODEL_SEQ_CST) : gimple_call_arg(call, 4);
  tree failure = sync ? memmodel_cst(MEMMODEL_SEQ_CST) : gimple_call_arg(call, 5);
  gimple_stmt_iterator gsi = gsi_for_stmt(call);
  tree expected_ptr =
      form == CAS_BY_REF ? mem_ref_base(gimple_call_arg(call, 1), &gsi, loc) : NULL_TREE;
  tree expected;
  if (expected_ptr) {
    expected = make_ssa_name(itype);
    tree mem = build2(MEM_REF, itype, expected_ptr, int_cst(ptr_type_node, 0));
    gassign *load = gimple_build_assign(expected, mem);
    gimple_set_location(load, loc);
    gsi_insert_before(&gsi, load, GSI_SAME_STMT);
  } else {
    expected = as_itype(gimple_call_arg(call, 1), itype, &gsi, loc);
  }
  tree desired = as_itype(gimple_call_arg(call, 2), itype, &gsi, loc);

  /* bb -> loop -> done | failed;  failed -> loop | store | done;
   * store -> done.  The call stays at the start of done. */
  gimple_stmt_iterator prev = gsi_for_stmt(call);
  gsi_prev(&prev);
  basic_block bb = gimple_bb(call);
  edge to_done = gsi_end_p(prev) ? split_block_after_labels(bb) : split_block(bb, gsi_stmt(prev));
  basic_block head = to_done->src;
  basic_block done = to_done->dest;
  basic_block loop = create_empty_bb(head);
  basic_block failed = create_empty_bb(loop);
  basic_block store = expected_ptr ? create_empty_bb(failed) : NULL;
  for (basic_block b : {loop, failed, store}) {
    if (!b) continue;
    b->count = head->count;
    if (current_loops) add_bb_to_loop(b, head->loop_father);
  }
  redirect_edge_succ_nodup(to_done, loop);
  edge stored_edge = make_edge(loop, done, EDGE_TRUE_VALUE);
  edge failed_edge = make_edge(loop, failed, EDGE_FALSE_VALUE);
  edge retry = make_edge(failed, loop, EDGE_TRUE_VALUE);
  edge gave_up = make_edge(failed, store ? store : done, EDGE_FALSE_VALUE);
  stored_edge->probability = profile_probability::likely();
  failed_edge->probability = stored_edge->probability.invert();
  retry->probability = profile_probability::unlikely();
  gave_up->probability = retry->probability.invert();
  if (store) make_single_succ_edge(store, done, EDGE_FALLTHRU);

  tree pair = make_ssa_name(build_complex_type(itype));
  gcall *cas = gimple_build_call_internal(IFN_ATOMIC_COMPARE_EXCHANGE, 6, ptr, expected, desired,
                                          int_cst(integer_type_node, 256 + bytes),
                                          success, failure);
  gimple_call_set_lhs(cas, pair);
  gimple_call_set_nothrow(cas, true);
  append(loop, cas, loc);
  tree seen = make_ssa_name(itype);
  append(loop, gimple_build_assign(seen, REALPART_EXPR, build1(REALPART_EXPR, itype, pair)), loc);
  tree ok = make_ssa_name(itype);
  append(loop, gimple_build_assign(ok, IMAGPART_EXPR, build1(IMAGPART_EXPR, itype, pair)), loc);
  append(loop, gimple_build_cond(NE_EXPR, ok, build_zero_cst(itype), NULL_TREE, NULL_TREE), loc);
  /* A failed store-exclusive: the word held what was expected. */
  append(failed, gimple_build_cond(EQ_EXPR, seen, expected, NULL_TREE, NULL_TREE), loc);
  if (store) {
    tree mem = build2(MEM_REF, itype, expected_ptr, int_cst(ptr_type_node, 0));
    append(store, gimple_build_assign(mem, seen), loc);
  }

  /* The call's result from the loop's values. */
  replace_call_by_value(call, form == CAS_IFN ? pair : form == CAS_SYNC_VAL ? seen : ok, loc);
}

/* Whether a strong compare-and-swap of BYTES is an ldxr/stxr loop. */
bool strong_cas_loops(unsigned bytes, enum rr_softticks_arch arch) {
  if (arch != RR_SOFTTICKS_ARCH_AARCH64 || bytes > 8) return false;
#if defined(TARGET_LSE) && defined(TARGET_OUTLINE_ATOMICS)
  return !TARGET_LSE && !TARGET_OUTLINE_ATOMICS;
#else
  return false;
#endif
}

}  // namespace

unsigned st_expand_late_loops(function *fun, enum rr_softticks_arch arch) {
  auto_vec<gcall *> calls;
  auto_vec<gcall *> strong;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
  for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
    unsigned log_size;
    gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
    if (!call) continue;
    enum cas_form form;
    unsigned cas_bytes;
    if (strong_cas(call, &form, &cas_bytes)) {
      if (strong_cas_loops(cas_bytes, arch)) strong.safe_push(call);
      continue;
    }
    const rmw_family *f = rmw_builtin(call, &log_size);
    if (!f) continue;
    tree lhs = gimple_call_lhs(call);
    bool used = lhs && !(TREE_CODE(lhs) == SSA_NAME && has_zero_uses(lhs));
    machine_mode mode = TYPE_MODE(build_nonstandard_integer_type(BITS_PER_UNIT << log_size, 1));
    if (backend_loops(*f, 1u << log_size, used, arch) && can_compare_and_swap_p(mode, true))
      calls.safe_push(call);
  }
  for (gcall *call : calls) {
    unsigned log_size;
    const rmw_family *f = rmw_builtin(call, &log_size);
    expand_rmw(call, *f, log_size);
  }
  for (gcall *call : strong) {
    enum cas_form form;
    unsigned bytes;
    strong_cas(call, &form, &bytes);
    expand_strong_cas(call, form, bytes);
  }
  if (!calls.is_empty() || !strong.is_empty()) {
    free_dominance_info(CDI_DOMINATORS);
    if (current_loops) loops_state_set(LOOPS_NEED_FIXUP);
    mark_virtual_operands_for_renaming(fun);
    update_ssa(TODO_update_ssa_only_virtuals);
  }
  return calls.length() + strong.length();
}
