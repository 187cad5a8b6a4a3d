/*
 * GCC's description of the unit's functions for the common skip policy
 * (common/skip_policy.h): attributes, section, ifunc resolvers,
 * .preinit_array entries, constructor/destructor priorities, whether the
 * unit sees every call, and the direct calls between them.  Collected once
 * per unit, at the first function the tick pass sees: GCC then still has
 * every function's call edges (it drops a function's edges once it is
 * expanded).
 *
 * Attributes are read from DECL_ATTRIBUTES, which LTO streams: GCC sets
 * DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT on every function once it is
 * gimplified, so that flag means nothing by the time this pass runs.
 */
#include "gcc_includes.h"

#include <string.h>

#include "softticks_gcc.h"
#include "skip_policy.h"

namespace {

bool has_attr(tree decl, const char *name) {
  return lookup_attribute(name, DECL_ATTRIBUTES(decl)) != NULL_TREE;
}

bool is_ifunc(symtab_node *sym) {
  return TREE_CODE(sym->decl) == FUNCTION_DECL && has_attr(sym->decl, "ifunc");
}

/* The unit's decisions, by function decl. */
struct unit_skips {
  hash_map<tree, unsigned> index;
  auto_vec<st_skip_decision> decisions;
};
unit_skips *current;

/* The resolvers the unit's ifuncs name: alias targets once analyzed, else
 * the name in ifunc("resolver"). */
void collect_resolvers(vec<tree> *decls, vec<const char *> *names) {
  symtab_node *sym;
  FOR_EACH_SYMBOL(sym) {
    if (!is_ifunc(sym)) continue;
    if (sym->alias && sym->analyzed) {
      symtab_node *target = sym->get_alias_target();
      if (target) decls->safe_push(target->decl);
    }
    tree args = TREE_VALUE(lookup_attribute("ifunc", DECL_ATTRIBUTES(sym->decl)));
    if (args && TREE_CODE(TREE_VALUE(args)) == STRING_CST)
      names->safe_push(TREE_STRING_POINTER(TREE_VALUE(args)));
  }
}

bool names_resolver(tree decl, const vec<tree> &decls, const vec<const char *> &names) {
  for (tree d : decls)
    if (d == decl) return true;
  tree asm_name = DECL_ASSEMBLER_NAME_RAW(decl);
  for (const char *name : names)
    if ((asm_name && strcmp(IDENTIFIER_POINTER(asm_name), name) == 0) ||
        (DECL_NAME(decl) && strcmp(IDENTIFIER_POINTER(DECL_NAME(decl)), name) == 0))
      return true;
  return false;
}

/* The function a call edge or reference reaches, through aliases (but not
 * through an ifunc, which is the implementation, not the resolver). */
cgraph_node *real_function(symtab_node *sym) {
  if (is_ifunc(sym)) return NULL;
  return dyn_cast<cgraph_node *>(sym->ultimate_alias_target());
}

/* Whether the unit's direct calls are all the calls node gets: local, no
 * address taken, no public alias, not kept for asm (used).  Not
 * only_called_directly_p(), which -O0 defeats (force_output). */
bool called_only_in_unit(cgraph_node *node) {
  tree decl = node->decl;
  if (TREE_PUBLIC(decl) || DECL_PRESERVE_P(decl) || DECL_VIRTUAL_P(decl) ||
      node->address_taken || node->externally_visible || node->used_from_other_partition ||
      DECL_STATIC_CONSTRUCTOR(decl) || DECL_STATIC_DESTRUCTOR(decl))
    return false;
  ipa_ref *ref;
  for (unsigned i = 0; node->iterate_direct_aliases(i, ref); i++)
    if (TREE_PUBLIC(ref->referring->decl) || ref->referring->address_taken ||
        DECL_PRESERVE_P(ref->referring->decl))
      return false;
  return true;
}

st_fn_facts describe(cgraph_node *node, const vec<tree> &resolver_decls,
                     const vec<const char *> &resolver_names) {
  tree decl = node->decl;
  st_fn_facts f;
  f.name = DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : NULL;
  f.section = DECL_SECTION_NAME(decl);
  f.flags = 0;
  if (has_attr(decl, "naked")) f.flags |= ST_FN_NAKED;
  if (has_attr(decl, "no_instrument_function")) f.flags |= ST_FN_NO_INSTRUMENT;
  if (has_attr(decl, "disable_sanitizer_instrumentation")) f.flags |= ST_FN_NO_SANITIZE;
  if (names_resolver(decl, resolver_decls, resolver_names)) f.flags |= ST_FN_IFUNC_RESOLVER;
  if (called_only_in_unit(node)) f.flags |= ST_FN_CALLED_ONLY_IN_UNIT;
  if (st_is_initializer_decl(decl)) f.flags |= ST_FN_INITIALIZER;
  f.ctor_priority = DECL_STATIC_CONSTRUCTOR(decl) ? (int)decl_init_priority_lookup(decl)
                                                  : ST_NOT_CDTOR;
  f.dtor_priority = DECL_STATIC_DESTRUCTOR(decl) ? (int)decl_fini_priority_lookup(decl)
                                                 : ST_NOT_CDTOR;
  return f;
}

unit_skips *decide_unit(void) {
  unit_skips *u = new unit_skips;
  auto_vec<tree> resolver_decls;
  auto_vec<const char *> resolver_names;
  collect_resolvers(&resolver_decls, &resolver_names);

  auto_vec<st_fn_facts> facts;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION(node) {
    if (node->inlined_to || node->alias || u->index.get(node->decl)) continue;
    u->index.put(node->decl, facts.length());
    facts.safe_push(describe(node, resolver_decls, resolver_names));
  }

  /* Function pointers placed by hand in .preinit_array or
   * .init_array.NNNNN: the functions those variables refer to. */
  varpool_node *var;
  FOR_EACH_VARIABLE(var) {
    const char *section = var->get_section();
    bool preinit = st_is_preinit_section(section);
    int priority = st_init_array_section_priority(section);
    if (!preinit && priority == ST_NOT_CDTOR) continue;
    ipa_ref *ref;
    for (unsigned i = 0; var->iterate_reference(i, ref); i++) {
      cgraph_node *fn = real_function(ref->referred);
      unsigned *at = fn ? u->index.get(fn->decl) : NULL;
      if (!at) continue;
      st_fn_facts *f = &facts[*at];
      if (preinit)
        f->flags |= ST_FN_PREINIT;
      else if (f->ctor_priority == ST_NOT_CDTOR || priority < f->ctor_priority)
        f->ctor_priority = priority;
    }
  }

  /* Direct calls, a call inside an inlined body counting as its host's. */
  auto_vec<st_call> calls;
  FOR_EACH_FUNCTION(node) {
    cgraph_node *host = node->inlined_to ? node->inlined_to : node;
    unsigned *caller = u->index.get(host->decl);
    if (!caller) continue;
    for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
      cgraph_node *callee = real_function(e->callee);
      unsigned *at = callee ? u->index.get(callee->decl) : NULL;
      if (at) calls.safe_push(st_call{*caller, *at});
    }
  }

  u->decisions.safe_grow_cleared(facts.length());
  if (st_skip_policy_decide(facts.address(), facts.length(), calls.address(), calls.length(),
                            u->decisions.address()) != 0)
    fatal_error(UNKNOWN_LOCATION, "softticks: out of memory deciding which functions tick");
  return u;
}

}  // namespace

void st_forget_unit_skips(void) {
  delete current;
  current = NULL;
}

st_skip_decision st_skip_decision_for(tree fndecl) {
  if (!current) current = decide_unit();
  if (unsigned *at = current->index.get(fndecl)) return current->decisions[*at];
  /* Created after the unit was described (none known): the opt-outs alone. */
  cgraph_node *node = cgraph_node::get(fndecl);
  auto_vec<tree> no_decls;
  auto_vec<const char *> no_names;
  st_fn_facts f;
  if (node) {
    f = describe(node, no_decls, no_names);
  } else {
    f = st_fn_facts{NULL, DECL_SECTION_NAME(fndecl), 0, ST_NOT_CDTOR, ST_NOT_CDTOR};
  }
  f.flags &= ~ST_FN_CALLED_ONLY_IN_UNIT;
  st_skip_decision d = {ST_TICKS, 0};
  st_skip_policy_decide(&f, 1, NULL, 0, &d);
  return d;
}

/* GCC 12 does not know disable_sanitizer_instrumentation (GCC 13 and clang
 * do); accept it on functions so that code written for them builds without
 * a warning, and keep it on the decl for the skip policy. */
static tree handle_disable_sanitizer_instrumentation(tree *node, tree name, tree, int,
                                                     bool *no_add_attrs) {
  if (TREE_CODE(*node) != FUNCTION_DECL) {
    warning(OPT_Wattributes, "%qE attribute ignored: it applies to functions only", name);
    *no_add_attrs = true;
  }
  return NULL_TREE;
}

static const struct attribute_spec disable_sanitizer_instrumentation_spec = {
    "disable_sanitizer_instrumentation", 0, 0, true, false, false, false,
    handle_disable_sanitizer_instrumentation, NULL};

void st_register_attributes(void *, void *) {
  if (!lookup_attribute_spec(get_identifier("disable_sanitizer_instrumentation")))
    register_attribute(&disable_sanitizer_instrumentation_spec);
}
