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
 */
static void tick_text(enum rr_softticks_arch arch, unsigned live, struct st_text *t) {
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
    st_text_printf(t, "stp x16, x17, [sp, #-16]!;");
  } else if (live) {
    st_text_printf(t, "%s", i386 ? "push %eax;lahf;" : "lea -128(%rsp),%rsp;push %rax;lahf;");
    if (live & SAS_OF) st_text_printf(t, "seto %%al;");
  }
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
    st_text_printf(t, "ldp x16, x17, [sp], #16;");
  } else if (live) {
    if (live & SAS_OF) st_text_printf(t, "add $0x7f,%%al;");
    st_text_printf(t, "%s", i386 ? "sahf;pop %eax;" : "sahf;pop %rax;lea 128(%rsp),%rsp;");
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
  struct st_text t = ST_TEXT_INIT, plain = ST_TEXT_INIT, saved = ST_TEXT_INIT,
                 saved_of = ST_TEXT_INIT;
  char *tick, *tick_saved, *tick_saved_of, *out;
  size_t at = 0;
  unsigned i;
  tick_text(src->arch, 0, &plain);
  tick_text(src->arch, SAS_CF, &saved);
  tick_text(src->arch, SAS_ALL, &saved_of);
  tick = st_text_finish(&plain);
  tick_saved = st_text_finish(&saved);
  tick_saved_of = st_text_finish(&saved_of);
  if (!tick || !tick_saved || !tick_saved_of) {
    free(tick);
    free(tick_saved);
    free(tick_saved_of);
    return NULL;
  }
  if (line_marker_name) st_text_printf(&t, "# 1 \"%s\"\n", line_marker_name);
  for (i = 0; i < nins; i++) {
    st_text_printf(&t, "%.*s%s", (int)(ins[i].offset - at), src->buf + at,
                   ins[i].text                        ? ins[i].text
                   : !ins[i].save_flags               ? tick
                   : (ins[i].save_flags & SAS_OF) ? tick_saved_of
                                                   : tick_saved);
    at = ins[i].text ? ins[i].replace_end : ins[i].offset;
  }
  st_text_printf(&t, "%.*s", (int)(src->len - at), src->buf + at);
  free(tick);
  free(tick_saved);
  free(tick_saved_of);
  out = st_text_finish(&t);
  if (out) *len = strlen(out);
  return out;
}
