/*
 * The per-module part of an instrumented translation unit, as top-level
 * assembly that a plugin appends to every unit with at least one tick:
 *   - the initializer __rr_softticks_init (hidden), machine code generated
 *     at build time from runtime/page_init.c for each arch;
 *   - its .init_array entry at priority 1;
 *   - the 20-byte .note.rrsoftticks ABI note;
 * all three in the COMDAT group __rr_softticks_init, so that a linked
 * module keeps exactly one of each however many units carry them;
 * and, in the group __rr_softticks_early, an ifunc whose resolution at
 * relocation time calls the initializer early (see module_asm.c).
 * The text assembles with GNU as and with LLVM's integrated assembler.
 */
#ifndef SOFTTICKS_COMMON_MODULE_ASM_H
#define SOFTTICKS_COMMON_MODULE_ASM_H

#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A static string, or NULL when this build has no initializer for arch
 * (its cross compiler was missing at build time). */
const char *st_module_asm(enum rr_softticks_arch arch);

#ifdef __cplusplus
}
#endif

#endif
