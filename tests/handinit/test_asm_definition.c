/*
 * common/asm_definition.c on assembler text written out here: what defines
 * __rr_softticks_init and what only names it, the plugins' own module asm
 * and the header's RR_SOFTTICKS_<ARCH>_INIT_ASM.
 */
#include <stdlib.h>
#include <string.h>

#include "asm_definition.h"
#include "check.h"
#include "module_asm.h"

#define INIT "__rr_softticks_init"
#define X86 RR_SOFTTICKS_ARCH_X86_64
#define I386 RR_SOFTTICKS_ARCH_I386
#define A64 RR_SOFTTICKS_ARCH_AARCH64

static void expect(const char *text, enum rr_softticks_arch arch, int want) {
  int got = st_asm_defines_symbol(text, INIT, arch);
  CHECK(got == want, "arch %d: got %d, want %d for:\n%s", (int)arch, got, want, text);
}

static void definitions(void) {
  expect(INIT ":\n", X86, 1);
  expect(INIT ":", X86, 1); /* no newline at the end */
  expect("  \t" INIT ":\n\tret\n", X86, 1);
  expect(INIT " :\n", X86, 1);               /* LLVM's parser allows it */
  expect(INIT ": ret\n", X86, 1);            /* a statement after the label */
  expect("1: " INIT ":\n", X86, 1);          /* after another label */
  expect("nop; " INIT ":\n", X86, 1);        /* after ';' */
  expect("nop\r\n" INIT ":\r\n", X86, 1);    /* CRLF */
  expect("\"" INIT "\":\n", X86, 1);         /* quoted */
  expect(".set " INIT ", other\n", X86, 1);
  expect(".set\t" INIT ",other\n", X86, 1);
  expect(".equ " INIT ", 0\n", I386, 1);
  expect(".equiv " INIT ", other\n", X86, 1);
  expect(".eqv " INIT ", other\n", X86, 1);
  expect(INIT " = other\n", X86, 1);
  expect("/* a */ " INIT ":\n", X86, 1);     /* block comment before it */
  expect("/* a\n b */\n" INIT ":\n", A64, 1);
  expect(".byte 1 /* ; */ ; " INIT ":\n", X86, 1);
  expect(".ascii \"a;b\"; " INIT ":\n", X86, 1);
  expect("mov x0, #1; " INIT ":\n", A64, 1); /* '#' is an immediate on aarch64 */
}

static void not_definitions(void) {
  expect(NULL, X86, 0);
  expect("", X86, 0);
  expect("\t.globl " INIT "\n\t.hidden " INIT "\n\t.type " INIT ",@function\n", X86, 0);
  expect("\t.size " INIT ",.-" INIT "\n\t.weak " INIT "\n", X86, 0);
  expect("\tcall " INIT "\n\tbl " INIT "\n", X86, 0);
  expect("\t.quad " INIT "\n", X86, 0);
  expect(".set other, " INIT "\n", X86, 0); /* defines other */
  expect(INIT " == 1\n", X86, 0);
  expect(INIT "_early:\n", X86, 0);         /* another symbol */
  expect("x" INIT ":\n", X86, 0);
  expect(INIT "2:\n", X86, 0);
  expect("\"" INIT "x\":\n", X86, 0);
  expect("# " INIT ":\n", X86, 0);          /* comments */
  expect("nop # ; " INIT ":\n", X86, 0);
  expect("  # " INIT ":\n", A64, 0);
  expect("nop // ; " INIT ":\n", A64, 0);
  expect("/* " INIT ": */\n", X86, 0);
  expect("/* unterminated " INIT ":\n", X86, 0);
  expect(".ascii \"" INIT ":\"\n", X86, 0);  /* strings */
  expect(".ascii \"\\\"; " INIT ":\"\n", X86, 0);
  expect("\"" INIT "\n:\n", X86, 0);         /* a quote that does not close */
}

/* The plugins' own text defines it (so a unit already carrying it, say
 * librrsoftticks', is seen as hand-instrumented); the parts a plugin adds
 * beside a unit's own initializer do not. */
static void plugin_text(void) {
  enum rr_softticks_arch arches[] = {X86, I386, A64};
  for (unsigned i = 0; i < 3; i++) {
    struct st_manifest m = {arches[i], "gcc", "12.2.0", "0.0.0", 1};
    char *whole = st_module_asm(arches[i]);
    char *group = st_module_initializer_group_asm(arches[i]);
    char *beside = st_module_parts_asm(&m, ST_PARTS_OWN_INITIALIZER);
    char *musl = st_module_parts_asm(&m, ST_PARTS_NO_EARLY_MAPPING);
    CHECK(whole && group && beside && musl, "arch %d: no text", (int)arches[i]);
    if (whole && group && beside) {
      expect(whole, arches[i], 1);
      expect(group, arches[i], 1);
      expect(beside, arches[i], 0);
      CHECK(strstr(beside, "__rr_softticks_early") != NULL, "arch %d: no early mapping beside",
            (int)arches[i]);
      CHECK(strstr(beside, RR_SOFTTICKS_NOTE_SECTION) == NULL,
            "arch %d: a second ABI note beside the unit's own", (int)arches[i]);
      CHECK(strstr(beside, RR_SOFTTICKS_MANIFEST_SECTION) != NULL, "arch %d: no manifest beside",
            (int)arches[i]);
    }
    /* For a C library without IRELATIVE: everything but the early mapping. */
    if (musl && group) {
      expect(musl, arches[i], 1);
      CHECK(strstr(musl, group) != NULL, "arch %d: no initializer group without the early mapping",
            (int)arches[i]);
      CHECK(strstr(musl, "__rr_softticks_early") == NULL,
            "arch %d: an early mapping for a C library without IRELATIVE", (int)arches[i]);
      CHECK(strstr(musl, RR_SOFTTICKS_MANIFEST_SECTION) != NULL,
            "arch %d: no manifest without the early mapping", (int)arches[i]);
    }
    free(whole);
    free(group);
    free(beside);
    free(musl);
  }
}

/* The header's macro is the plugins' group, character for character. */
static void header_macro(void) {
  struct {
    enum rr_softticks_arch arch;
    const char *macro;
  } cases[] = {{X86, RR_SOFTTICKS_X86_64_INIT_ASM},
               {I386, RR_SOFTTICKS_I386_INIT_ASM},
               {A64, RR_SOFTTICKS_AARCH64_INIT_ASM}};
  for (unsigned i = 0; i < 3; i++) {
    char *group = st_module_initializer_group_asm(cases[i].arch);
    CHECK(group && strcmp(group, cases[i].macro) == 0,
          "arch %d: RR_SOFTTICKS_..._INIT_ASM differs from common/module_asm.c:\n%s\n---\n%s",
          (int)cases[i].arch, cases[i].macro, group ? group : "(null)");
    expect(cases[i].macro, cases[i].arch, 1);
    free(group);
  }
#ifdef RR_SOFTTICKS_INIT_ASM
  CHECK(st_asm_defines_symbol(RR_SOFTTICKS_INIT_ASM, INIT, RR_SOFTTICKS_NATIVE_ARCH));
#endif
}

int main(void) {
  definitions();
  not_definitions();
  plugin_text();
  header_macro();
  return check_report("asm_definition");
}
