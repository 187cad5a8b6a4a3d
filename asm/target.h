/*
 * What asm/ knows of one architecture, in one place (issue 26).  Modelled
 * on gas's tc-*.h character sets and md_* hooks and on LLVM's MCAsmInfo +
 * MCInstrAnalysis: the rest of asm/ asks its target and never tests the
 * arch itself.  x86.c implements x86-64 and i386, aarch64.c aarch64.
 */
#ifndef SOFTTICKS_ASM_TARGET_H
#define SOFTTICKS_ASM_TARGET_H

#include "sas.h"

struct st_text;

/* How an instruction that mentions a register holding a code address
 * uses it (computed.c). */
enum sas_addr_use {
  SAS_USE_OPERANDS,  /* src/dst filled: the common rules decide */
  SAS_USE_COMPLETES, /* completes the same address (aarch64 add :lo12:) */
  SAS_USE_STORE,     /* stores it: *base (if any) is the memory operand */
  SAS_USE_READS,     /* reads it only (cmp, test): *base as for STORE */
  SAS_USE_COMPUTES   /* computes with it */
};

struct sas_target {
  enum rr_softticks_arch arch;

  /* Syntax, as gas's tc-*.c spells it. */
  const char *comment_chars;      /* start a comment anywhere ("#" on x86) */
  const char *line_comment_chars; /* start one first on a line ("#/" x86, "#" aarch64) */
  int slash_slash_comments;       /* "//" starts one anywhere (aarch64) */
  int char_constants;             /* 'c is a character constant (x86) */
  const char *line_separators;    /* end a statement inside a line (";") */

  /* The instruction classifier: flow, direct target, what it reads and
   * writes of tick_clobbers.  An unknown mnemonic is not guessed. */
  void (*classify)(const struct sas_target *t, const struct sas_split *w, struct sas_insn *out);
  int (*is_prefix)(const char *word); /* an instruction prefix ("rep", "lock"); may be NULL */
  /* Optional: the instructions a data directive's bytes encode (.byte
   * 0xf3,0x0f,0x1e,0xfa is endbr64), as one instruction's facts; 0 when
   * they are not all known (cfg.c then takes the floor: reads every
   * register the tick clobbers, writes none, falls through; it keeps
   * is_landing_pad when the first instruction was one). */
  int (*classify_bytes)(const struct sas_target *t, const struct sas_split *w,
                        struct sas_insn *out);
  unsigned tick_clobbers; /* SAS_ALL (x86 flags), SAS_X16 | SAS_X17 */

  /* The text of a tick (the header's sequence, lines joined by ';'),
   * saving around it what of tick_clobbers is live; with cfi, each move
   * of the stack pointer is followed by its .cfi_adjust_cfa_offset; in
   * another syntax mode than the tick's, switched there and back. */
  void (*tick_text)(const struct sas_target *t, unsigned live, int cfi, enum sas_syntax syntax,
                    struct st_text *out);
  /* The same tick written in Intel syntax (noprefix) itself, no switch:
   * for text where AT&T cannot be written (LLVM's Intel-dialect inline
   * asm drops `$$`).  NULL where the target has one syntax. */
  void (*tick_text_intel)(const struct sas_target *t, unsigned live, int cfi,
                          struct st_text *out);
  /* A short-displacement branch rewritten to reach any target (malloc'd),
   * serial numbering its labels; NULL where the target has none. */
  char *(*widen_short)(const char *insn, size_t len, unsigned serial);

  /* Registers: the stack pointer's name and DWARF number, address size. */
  const char *sp_name;
  unsigned dwarf_sp, address_size;

  /* computed.c, each in the statement's syntax mode: the register
   * family of a register named at p (in text), its length returned, 0 if
   * p names none. */
  size_t (*register_at)(const char *text, const char *p, enum sas_syntax syntax, char *family,
                        size_t cap);
  /* Splits the operands of an instruction mentioning the address into
   * sources and destination; *copy: it copies a value as it is. */
  enum sas_addr_use (*address_use)(const char *mnem, const char *ops, enum sas_syntax syntax,
                                   char *src, char *dst, size_t cap, int *copy,
                                   const char **base);
  /* The destination register family of ops, "" if none. */
  void (*destination)(const char *ops, enum sas_syntax syntax, char *family, size_t cap);
  /* The instruction's write of its destination register (computed.c: the
   * one rule for "overwritten", both targets; facts from the generated
   * tables): 1 written whole without reading it (aarch64 `ldr x3, [x1]`,
   * x86 `leaq 8(%rsi), %rax`, `popq %rax`, `movl (%rdx), %eax`: an address
   * held there is gone); 2 written conditionally (x86 cmov: it may stay);
   * 0 otherwise (read too, or in part: `movb (%rdx), %al`). */
  int (*writes_destination)(const char *mnem, const char *ops, enum sas_syntax syntax);
  /* The register families a call leaves undefined (the psABI's
   * caller-saved ones), NULL-terminated: no address survives there. */
  const char *const *call_clobbered;
  /* Optional (NULL: no such rule): the instruction naming a code label
   * already computes with it; it uses the location counter as a value. */
  int (*computes_itself)(const char *text, const char *ops, enum sas_syntax syntax);
  int (*uses_location)(const char *ops);
  /* Optional: an operand addresses memory at a constant distance from the
   * instruction itself (x86 `4081(%rip)`, no symbol): 1, its function is
   * left alone (cfg.c); 2 for 0 (`lea 0(%rip), %r14`): the next statement's
   * address is taken. */
  int (*self_relative)(const char *ops, enum sas_syntax syntax);

  /* The real assembler: the environment variable naming it, the default. */
  const char *real_as_env, *real_as;
};

const struct sas_target *sas_target_of(enum rr_softticks_arch arch);
extern const struct sas_target sas_target_x86_64, sas_target_i386, sas_target_aarch64;

/* The header's sequence seq appended to out with its lines joined by ';';
 * local label "1" renamed to label when label is not NULL (emit.c). */
void sas_tick_sequence(struct st_text *out, const char *seq, const char *label);

#endif
