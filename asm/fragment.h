/*
 * softticks-as's instrumenter on a fragment of a compiler's module
 * (README.md, "Fragments"): an LLVM inline-asm template (AT&T or Intel dialect) or
 * a module's file-scope asm (either, AT&T or Intel syntax).  The LLVM pass calls it, so that assembly in
 * C ticks by the same placement and flag rules as assembly through
 * softticks-as.  Nothing is printed; nothing exits.
 */
#ifndef SOFTTICKS_ASM_FRAGMENT_H
#define SOFTTICKS_ASM_FRAGMENT_H

#include <stddef.h>

#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

enum sas_fragment_kind {
  /* An inline-asm template of a function body: cycles tick, its start
   * does not (the function's entry tick is the pass's). */
  SAS_FRAGMENT_INLINE,
  /* File-scope (module) asm, plain assembler text: a whole file, entries
   * tick as in softticks-as on a .s. */
  SAS_FRAGMENT_MODULE
};

struct sas_fragment {
  enum sas_fragment_kind kind;
  enum rr_softticks_arch arch;
  const char *text; /* the template or the module asm */
  size_t len;
  /* Inline asm: the LLVM constraint string ("=r,~{x16},~{flags}"): which
   * tick-clobbered registers are live at the fragment's end (x86: flags
   * only with a flag output "={@cc..}"; aarch64: x16/x17 unless
   * clobbered).  NULL for module asm. */
  const char *constraints;
  /* Inline asm: the inteldialect template (its `$(..$|..$)` Intel
   * alternatives are read; ticks are written in Intel syntax, since LLVM
   * drops `$$` there).  Module asm: read in Intel syntax (noprefix) from
   * its start (-masm=intel output); its ticks are AT&T between switches. */
  int intel_dialect;
};

struct sas_fragment_result {
  char *text; /* malloc'd: the instrumented template (1 returned), else NULL */
  size_t len;
  /* Why nothing was inserted (0 returned): NULL when nothing needed a tick,
   * else a reason the user should see (static text or reason_buf). */
  const char *reason;
  char reason_buf[160];
  unsigned ticks;   /* inserted */
  unsigned saved;   /* of which save what they clobber */
  unsigned widened; /* short branches widened */
  /* Statements left on a cycle without a tick (softticks-as's self-check:
   * a label followed by data where a tick was wanted...), changed or not. */
  unsigned cycles_open;
};

/* 1: changed (res->text); 0: unchanged (res->reason); -1: out of memory. */
int sas_fragment_instrument(const struct sas_fragment *f, struct sas_fragment_result *res);

#ifdef __cplusplus
}
#endif

#endif
