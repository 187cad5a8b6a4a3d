/*
 * Assembly text, built in one place: a growing text buffer, the one
 * `.byte` emitter and the one ELF note emitter that the module asm
 * (module_asm.c) and the manifest note (manifest.c) are written with.
 *
 * Ownership, for every function in common/ that returns assembly text
 * (st_module_asm, st_manifest_asm, st_module_parts_asm): the result is a
 * malloc'd, NUL-terminated string that belongs to the caller, who frees it
 * with free(); NULL means it could not be built (out of memory, or an
 * input the function documents as invalid).  Nothing is cached, so every
 * call is independent and safe from any thread.
 *
 * The text assembles with GNU as and LLVM's integrated assembler, on
 * x86-64, i386 and aarch64.
 */
#ifndef SOFTTICKS_COMMON_ASM_TEXT_H
#define SOFTTICKS_COMMON_ASM_TEXT_H

#include <stddef.h>
#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A string that grows.  Start with ST_TEXT_INIT; after a failed
 * allocation it holds nothing and ignores further output. */
struct st_text {
  char *s;
  size_t len, cap;
  int failed;
};
#define ST_TEXT_INIT {NULL, 0, 0, 0}

void st_text_printf(struct st_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* `.byte` lines (16 to a line) for n bytes, then zeros up to a multiple
 * of pad_to (1: none). */
void st_text_bytes(struct st_text *t, const unsigned char *p, size_t n, size_t pad_to);

/* One ELF note in its own section, `.pushsection`ed and `.popsection`ed:
 * section `section` (allocated, SHT_NOTE, 4-byte aligned) in the COMDAT
 * group `group`; namesz, descsz, type, the name with its NUL and the
 * descriptor, each padded to 4 bytes. */
void st_text_note(struct st_text *t, enum rr_softticks_arch arch, const char *section,
                  const char *group, const char *name, unsigned type,
                  const unsigned char *desc, size_t descsz);

/* The caller's string (see ownership above), or NULL if anything failed.
 * t is empty afterwards. */
char *st_text_finish(struct st_text *t);

/* What starts a section type in a .section directive: '@' on x86, '%' on
 * aarch64 (where '@' starts a comment).  NULL for an unknown arch. */
const char *st_asm_type_prefix(enum rr_softticks_arch arch);

#ifdef __cplusplus
}
#endif

#endif
