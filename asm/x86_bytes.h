/*
 * Between x86.c (the facts of a mnemonic) and x86_bytes.c (instructions
 * written as data): the decoder finds XED's name, x86.c says what it does.
 */
#ifndef SOFTTICKS_ASM_X86_BYTES_H
#define SOFTTICKS_ASM_X86_BYTES_H

#include "sas.h"

struct sas_target;

/* x86.c: the facts of XED's name (x86_insn_table.inc) as an instruction
 * without operands (flow, flags read and written, landing pad); 0 if the
 * table has no such name. */
int sas_x86_facts(const char *name, struct sas_insn *out);

/* x86_bytes.c: target.h's classify_bytes for x86-64 and i386. */
int sas_x86_classify_bytes(const struct sas_target *t, const struct sas_split *w,
                           struct sas_insn *out);

#endif
