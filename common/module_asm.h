/*
 * The per-module part of an instrumented translation unit, as top-level
 * assembly that a plugin appends to every unit with at least one tick:
 *   - the initializer __rr_softticks_init (hidden), whose machine code is
 *     the header's table for the arch (rr_softticks_init_code);
 *   - its .init_array entry at priority 1;
 *   - the 20-byte .note.rrsoftticks ABI note;
 * all three in the COMDAT group __rr_softticks_init, so that a linked
 * module keeps exactly one of each however many units carry them;
 * and, in the group __rr_softticks_early, an ifunc whose resolution at
 * relocation time calls the initializer early (see module_asm.c).
 * The returned text follows asm_text.h's ownership rule (malloc'd, the
 * caller frees it).
 */
#ifndef SOFTTICKS_COMMON_MODULE_ASM_H
#define SOFTTICKS_COMMON_MODULE_ASM_H

#include <rr/softticks.h>

#include "manifest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initializer, its .init_array entry, the ABI note and the early
 * mapping for arch; NULL for an unknown arch or out of memory. */
char *st_module_asm(enum rr_softticks_arch arch);

/* What a plugin appends to a unit: st_module_asm(m->arch) followed by the
 * manifest note of m (st_manifest_asm); NULL if either cannot be built. */
char *st_module_parts_asm(const struct st_manifest *m);

#ifdef __cplusplus
}
#endif

#endif
