/*
 * Whether assembler text defines a symbol: the one reading of a unit's
 * file-scope asm that both plugins use to tell a hand-instrumented unit,
 * one that carries its own __rr_softticks_init (abi/ABI.md section 8), from
 * one that only refers to it.
 *
 * A definition is a label (`sym:`) at the start of a statement, possibly
 * after other labels, or an assignment (`.set sym, ...`, `.equ sym, ...`,
 * `.equiv`, `.eqv`, `sym = ...`).  Statements end at a newline or `;`.
 * Directives that only describe a symbol (`.globl`, `.hidden`, `.type`,
 * `.size`, `.weak`) and instructions that use it do not define it; neither
 * does anything inside a comment (`/ * * /` everywhere, `#` at the start of
 * a line and, on x86, anywhere; `//` on aarch64) or a string.  The symbol
 * may be written plain or in double quotes.
 */
#ifndef SOFTTICKS_COMMON_ASM_DEFINITION_H
#define SOFTTICKS_COMMON_ASM_DEFINITION_H

#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if text (NUL-terminated, may be NULL) defines symbol, else 0.  arch
 * decides the comment syntax. */
int st_asm_defines_symbol(const char *text, const char *symbol, enum rr_softticks_arch arch);

#ifdef __cplusplus
}
#endif

#endif
