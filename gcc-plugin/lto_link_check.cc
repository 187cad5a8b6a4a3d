/*
 * The LTO link check (common/lto_link_check.h).  With -flto the pass runs
 * only at link time, in the link-time units: a link without -fplugin=
 * gives a program with no ticks and no note, and nothing at compile time
 * could tell.  So a compile that writes LTO bytecode streams one more
 * file-scope asm statement into it, a pointer to a symbol nobody defines;
 * the plugin removes it again wherever it reads that bytecode back (WPA,
 * ltrans, -flto-partition=none), so only a link without the plugin keeps
 * it and fails on the undefined symbol.  A fat object's own code is
 * compiled after the streaming, without it.
 */
#include "gcc_includes.h"

#include <string.h>

#include "softticks_gcc.h"
#include "lto_link_check.h"

static asm_node *streamed_check;

/* Unlinks one node from the unit's list of file-scope asm statements. */
static void unlink_asm_node(asm_node *node) {
  asm_node *prev = NULL;
  for (asm_node *a = symtab->first_asm_symbol(); a; prev = a, a = a->next) {
    if (a != node) continue;
    if (prev)
      prev->next = a->next;
    else
      symtab->asmnodes = a->next;
    if (symtab->asm_last_node == a) symtab->asm_last_node = prev;
    return;
  }
}

static bool is_check(const asm_node *a) {
  return TREE_CODE(a->asm_str) == STRING_CST &&
         strcmp(TREE_STRING_POINTER(a->asm_str), ST_LTO_LINK_CHECK_ASM) == 0;
}

/* PLUGIN_ALL_IPA_PASSES_START: before the bytecode is written (compile)
 * or after it was read (link). */
void st_lto_check_before_streaming(void *, void *) {
  enum rr_softticks_arch arch;
  if (in_lto_p) {
    asm_node *next;
    for (asm_node *a = symtab->first_asm_symbol(); a; a = next) {
      next = a->next;
      if (is_check(a)) unlink_asm_node(a);
    }
    return;
  }
  /* Only where the link would instrument something: an unsupported target
   * has had its warning. */
  if (!flag_generate_lto || !st_target_arch(&arch)) return;
  const char *text = ST_LTO_LINK_CHECK_ASM;
  streamed_check = symtab->finalize_toplevel_asm(build_string(strlen(text) + 1, text));
}

/* PLUGIN_ALL_IPA_PASSES_END: the bytecode is written; a fat object's own
 * code follows, instrumented here, and must not carry the check. */
void st_lto_check_after_streaming(void *, void *) {
  if (!streamed_check) return;
  unlink_asm_node(streamed_check);
  streamed_check = NULL;
}
