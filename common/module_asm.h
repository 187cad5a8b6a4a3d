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
 * relocation time calls the initializer early; and, in the group
 * __rr_softticks_page_check, the page check, a constructor that stops a
 * process whose main program's own image covers the countdown page
 * (see module_asm.c).
 * The returned text follows asm_text.h's ownership rule (malloc'd, the
 * caller frees it).
 */
#ifndef SOFTTICKS_COMMON_MODULE_ASM_H
#define SOFTTICKS_COMMON_MODULE_ASM_H

#include <rr/softticks.h>

#include "manifest.h"

/* A comment line both plugins write into every unit they compile, ticks
 * or none (the LLVM pass as module asm, which clang -fno-integrated-as
 * prints at the start of a line): softticks-as then knows the input is the
 * pass's output and ticks only its asm statements (#APP regions), as
 * --softticks-compiled says.  Without it, a unit whose functions all opted
 * out (no manifest) reached an assembler found through -B as if
 * hand-written, and was ticked. */
#define ST_COMPILED_MARKER "# softticks: compiled by an instrumenting pass; only asm statements tick here"
/* After it, from the LLVM pass, which ticks asm statements itself
 * (asm/fragment.h): softticks-as then inserts nothing at all (a second
 * tick in each asm loop otherwise). */
#define ST_ASM_TICKED_MARKER "# softticks: the pass ticked the asm statements too"

/* The exit status of a process the page check stops: its main program's
 * own image covers the countdown page, so its ticks would count down the
 * program's memory (abi/ABI.md section 5).  softticks-trace's refusal of
 * the same program is 4. */
#define ST_PAGE_COVERED_STATUS 115

#ifdef __cplusplus
extern "C" {
#endif

/* The initializer, its .init_array entry, the ABI note, the early
 * mapping and the page check for arch; NULL for an unknown arch or out of memory. */
char *st_module_asm(enum rr_softticks_arch arch);

/* The ABI's COMDAT group alone: the initializer, its .init_array entry and
 * the ABI note (what RR_SOFTTICKS_INIT_ASM in the header spells out too);
 * NULL for an unknown arch or out of memory. */
char *st_module_initializer_group_asm(enum rr_softticks_arch arch);

/* What a plugin appends to a unit: st_module_asm(m->arch) followed by the
 * manifest note of m (st_manifest_asm), less what `options` leaves out:
 *   ST_PARTS_OWN_INITIALIZER   the unit defines __rr_softticks_init itself
 *     (hand-instrumented, asm_definition.h): no initializer group, since
 *     the unit's copy is the one the linker keeps or merges;
 *   ST_PARTS_NO_EARLY_MAPPING  the unit is built for a C library whose
 *     loader refuses IRELATIVE relocations (musl): no early mapping, whose
 *     ifunc would stop such a program at start-up;
 * and with
 *   ST_PARTS_INTEL_SYNTAX  the text goes into x86 Intel-syntax output
 *     (-masm=intel): it starts with a switch to AT&T and ends with the
 *     switch back to ".intel_syntax noprefix" (the header's
 *     RR_SOFTTICKS_X86_TO_ATT_SYNTAX, _BACK_TO_INTEL_SYNTAX); no effect on
 *     aarch64.
 * NULL if a part cannot be built. */
enum st_parts_option {
  ST_PARTS_OWN_INITIALIZER = 1,
  ST_PARTS_NO_EARLY_MAPPING = 2,
  ST_PARTS_INTEL_SYNTAX = 4
};
char *st_module_parts_asm(const struct st_manifest *m, unsigned options);

/* text (a module's top-level assembly) less every block of the module
 * parts that repeats an earlier one byte for byte: a .pushsection into a
 * COMDAT group whose name starts with "__rr_softticks", through its
 * .popsection.  A module linked at the IR level from instrumented modules
 * (rustc's fat LTO, llvm-link) carries each one's parts: assembled as one
 * file, the second copy would define __rr_softticks_init again.  *dropped
 * (if not NULL) gets the number of blocks left out.  NULL if out of
 * memory. */
char *st_module_parts_drop_repeats(const char *text, unsigned *dropped);

#ifdef __cplusplus
}
#endif

#endif
