/*
 * Hand-instrumented units: a unit that defines __rr_softticks_init itself
 * (file-scope asm such as RR_SOFTTICKS_INIT_ASM or rr's own text, or a C
 * function of that name) already carries the ABI's COMDAT group, so the
 * plugin adds no second one (module_emit.cc), while it still places its
 * ticks (abi/ABI.md section 8).  The C function itself never ticks.
 */
#include "gcc_includes.h"

#include "asm_definition.h"
#include "softticks_gcc.h"

bool st_unit_defines_initializer;

bool st_is_initializer_decl(tree decl) {
  tree name = DECL_ASSEMBLER_NAME_RAW(decl);
  if (!name) name = DECL_NAME(decl);
  if (!name) return false;
  const char *s = IDENTIFIER_POINTER(name);
  if (*s == '*') s++; /* an asm label: the name as written */
  return strcmp(s, RR_SOFTTICKS_INIT_SYMBOL) == 0;
}

/* PLUGIN_ALL_IPA_PASSES_START: the file-scope asm statements are still
 * listed (they are written out, and forgotten, after the IPA passes). */
void st_check_own_initializer(void *, void *) {
  enum rr_softticks_arch arch;
  /* The comment syntax of the target; an unsupported one gets no ticks. */
  if (!st_target_arch(&arch)) return;
  for (asm_node *a = symtab->first_asm_symbol(); a; a = a->next)
    if (st_asm_defines_symbol(TREE_STRING_POINTER(a->asm_str), RR_SOFTTICKS_INIT_SYMBOL, arch))
      st_unit_defines_initializer = true;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION(node)
    if (st_is_initializer_decl(node->decl)) st_unit_defines_initializer = true;
}
