/*
 * Functions that never tick (ABI "Opting out"): naked functions (no frame
 * to put code in), no_instrument_function, disable_sanitizer_instrumentation,
 * ifunc resolvers (they run during relocation, before the initializer maps
 * the countdown), and functions placed in a ".text.__rr_softticks*" section.
 * Attributes are read from DECL_ATTRIBUTES, which LTO streams: GCC sets
 * DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT on every function once it is
 * gimplified, so that flag means nothing by the time this pass runs.
 */
#include "gcc_includes.h"

#include <string.h>

#include "softticks_gcc.h"

static bool has_attr(tree fndecl, const char *name) {
  return lookup_attribute(name, DECL_ATTRIBUTES(fndecl)) != NULL_TREE;
}

/* The function an ifunc attribute names: ifunc("resolver"). */
static bool ifunc_names(symtab_node *ifunc, tree fndecl) {
  tree attr = lookup_attribute("ifunc", DECL_ATTRIBUTES(ifunc->decl));
  if (!attr) return false;
  if (ifunc->alias && ifunc->analyzed) {
    symtab_node *target = ifunc->get_alias_target();
    if (target && target->decl == fndecl) return true;
  }
  tree args = TREE_VALUE(attr);
  if (args && TREE_CODE(TREE_VALUE(args)) == STRING_CST) {
    const char *resolver = TREE_STRING_POINTER(TREE_VALUE(args));
    tree asm_name = DECL_ASSEMBLER_NAME_RAW(fndecl);
    if (asm_name && strcmp(IDENTIFIER_POINTER(asm_name), resolver) == 0) return true;
    if (DECL_NAME(fndecl) && strcmp(IDENTIFIER_POINTER(DECL_NAME(fndecl)), resolver) == 0)
      return true;
  }
  return false;
}

static bool is_ifunc_resolver(tree fndecl) {
  symtab_node *sym;
  FOR_EACH_SYMBOL(sym) {
    if (TREE_CODE(sym->decl) == FUNCTION_DECL && ifunc_names(sym, fndecl)) return true;
  }
  return false;
}

static bool in_skipped_section(tree fndecl) {
  const char *section = DECL_SECTION_NAME(fndecl);
  return section && strncmp(section, RR_SOFTTICKS_SKIP_SECTION_PREFIX,
                            strlen(RR_SOFTTICKS_SKIP_SECTION_PREFIX)) == 0;
}

bool st_skip_function(tree fndecl) {
  return has_attr(fndecl, "naked") || has_attr(fndecl, "no_instrument_function") ||
         has_attr(fndecl, "disable_sanitizer_instrumentation") ||
         in_skipped_section(fndecl) || is_ifunc_resolver(fndecl);
}

/* GCC 12 does not know disable_sanitizer_instrumentation (GCC 13 and clang
 * do); accept it on functions so that code written for them builds without
 * a warning, and keep it on the decl for st_skip_function. */
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
