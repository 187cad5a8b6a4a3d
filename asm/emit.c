/*
 * The instrumented text: the source with each tick written on the
 * physical line of its insertion point (statements separated by ';', so
 * no line moves), and the module parts after the last line.  The tick is
 * the header's string for the arch, its line breaks made ';'.
 */
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "manifest.h"
#include "module_asm.h"
#include "placement.h"
#include "sas.h"

/*
 * ";<sequence>;" from the header's text.  With flags live (a SAS_* mask)
 * it is wrapped in a save that needs neither pushf/popf (a debugger's
 * single-step flag would be pushed and popped back, and popf is slow)
 * nor memory below the stack pointer:
 *   lea -128(%rsp),%rsp      step over the red zone (x86-64 only; lea keeps the flags)
 *   push %rax                a scratch register
 *   lahf                     SF ZF AF PF CF into %ah
 *   seto %al                 OF, when it is live
 *   <tick>
 *   add $0x7f,%al            OF back: 1 + 0x7f overflows, 0 + 0x7f does not
 *   sahf                     the other five back (after the add)
 *   pop %rax; lea 128(%rsp),%rsp
 * With cfi (the CFA is computed from the stack pointer there: cfi.c), each
 * move of the stack pointer is followed by its .cfi_adjust_cfa_offset, so
 * that an unwinder stopped at any instruction of it (the tick's trap)
 * finds the caller's frame.  The directives emit no code.
 */
static void tick_text(enum rr_softticks_arch arch, unsigned live, int cfi, struct st_text *t) {
  int i386 = arch == RR_SOFTTICKS_ARCH_I386, a64 = arch == RR_SOFTTICKS_ARCH_AARCH64;
  const char *seq = i386 ? RR_SOFTTICKS_I386_TICK_ASM
                    : a64 ? RR_SOFTTICKS_AARCH64_TICK_ASM
                          : RR_SOFTTICKS_X86_64_TICK_ASM;
  const char *p;
  int line_start = 1;
  st_text_printf(t, ";");
  if (live && a64) {
    /* x16/x17 live: saved on the stack, sp lowered first (writeback), so
     * nothing is stored below sp; sp stays 16-byte aligned. */
    st_text_printf(t, "stp x16, x17, [sp, #-16]!;%s", cfi ? ".cfi_adjust_cfa_offset 16;" : "");
  } else if (live && i386) {
    st_text_printf(t, "push %%eax;%slahf;", cfi ? ".cfi_adjust_cfa_offset 4;" : "");
  } else if (live) {
    st_text_printf(t, "lea -128(%%rsp),%%rsp;%spush %%rax;%slahf;",
                   cfi ? ".cfi_adjust_cfa_offset 128;" : "",
                   cfi ? ".cfi_adjust_cfa_offset 8;" : "");
  }
  if (live && !a64 && (live & SAS_OF)) st_text_printf(t, "seto %%al;");
  for (p = seq; *p; p++) {
    if (*p == '\n') {
      st_text_printf(t, ";");
      if (p[1] == '\t') p++;
      line_start = 1;
      continue;
    }
    /* aarch64's local label "1" becomes one no source uses, so that the
     * source's own 1b/1f never meet it. */
    if (a64 && *p == '1' && line_start && p[1] == ':') {
      st_text_printf(t, "5354100:");
      p++;
    } else if (a64 && *p == '1' && p[1] == 'f' && p > seq && p[-1] == ' ' &&
               (p[2] == '\n' || !p[2])) {
      st_text_printf(t, "5354100f");
      p++;
    } else {
      st_text_printf(t, "%c", *p);
    }
    line_start = 0;
  }
  if (live && a64) {
    st_text_printf(t, "ldp x16, x17, [sp], #16;%s", cfi ? ".cfi_adjust_cfa_offset -16;" : "");
  } else if (live) {
    if (live & SAS_OF) st_text_printf(t, "add $0x7f,%%al;");
    if (i386)
      st_text_printf(t, "sahf;pop %%eax;%s", cfi ? ".cfi_adjust_cfa_offset -4;" : "");
    else
      st_text_printf(t, "sahf;pop %%rax;%slea 128(%%rsp),%%rsp;%s",
                     cfi ? ".cfi_adjust_cfa_offset -8;" : "",
                     cfi ? ".cfi_adjust_cfa_offset -128;" : "");
  }
}

char *sas_module_parts(enum rr_softticks_arch arch, int glibc_unit) {
  struct st_manifest m = {arch, "softticks-as", ST_PLUGIN_VERSION, ST_PLUGIN_VERSION,
                          ST_PLACEMENT_RULES_VERSION};
  /* Assembly says nothing of the C library it is built for: the early
   * mapping stays, as the plugins keep it where they cannot tell (a unit
   * the GCC plugin saw built for musl carries the manifest and gets no
   * second set), except in glibc's own units (target_libc.c). */
  return st_module_parts_asm(&m, glibc_unit ? ST_PARTS_NO_EARLY_MAPPING : 0);
}

char *sas_emit(const struct sas_source *src, const struct sas_insert *ins, unsigned nins,
               const char *line_marker_name, size_t *len) {
  /* tick[k]: k = 0 plain; 1 + 2 * of + cfi saving (OF or not, CFI or not). */
  struct st_text t = ST_TEXT_INIT, parts[5] = {ST_TEXT_INIT, ST_TEXT_INIT, ST_TEXT_INIT,
                                               ST_TEXT_INIT, ST_TEXT_INIT};
  char *tick[5], *out = NULL;
  size_t at = 0;
  unsigned i, k, bad = 0;
  for (k = 0; k < 5; k++) {
    tick_text(src->arch, !k ? 0 : (k - 1) & 2 ? SAS_ALL : SAS_CF, k && (k - 1) & 1, &parts[k]);
    bad |= !(tick[k] = st_text_finish(&parts[k]));
  }
  if (bad) goto done;
  if (line_marker_name) st_text_printf(&t, "# 1 \"%s\"\n", line_marker_name);
  for (i = 0; i < nins; i++) {
    unsigned f = ins[i].save_flags;
    k = !f ? 0 : 1 + ((f & SAS_OF) ? 2 : 0) + ((ins[i].cfa & ~SAS_CFA_REG_EXPR) == SAS_CFA_SP);
    st_text_printf(&t, "%.*s%s", (int)(ins[i].offset - at), src->buf + at,
                   ins[i].text ? ins[i].text : tick[k]);
    at = ins[i].text ? ins[i].replace_end : ins[i].offset;
  }
  st_text_printf(&t, "%.*s", (int)(src->len - at), src->buf + at);
  out = st_text_finish(&t);
  if (out) *len = strlen(out);
done:
  for (k = 0; k < 5; k++) free(tick[k]);
  return out;
}
