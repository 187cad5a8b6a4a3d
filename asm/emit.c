/*
 * The instrumented text: the source with each tick written on the
 * physical line of its insertion point (statements separated by ';', so
 * no line moves), and the module parts after the last line.  The tick's
 * text, and what saves the registers it clobbers, is the target's.
 */
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "manifest.h"
#include "module_asm.h"
#include "placement.h"
#include "sas.h"
#include "target.h"

/* The header's sequence with its line breaks made ';' (no line of the
 * source moves); its local label "1" renamed to label, so that the
 * source's own 1b/1f never meet it. */
void sas_tick_sequence(struct st_text *t, const char *seq, const char *label) {
  const char *p;
  int line_start = 1;
  for (p = seq; *p; p++) {
    if (*p == '\n') {
      st_text_printf(t, ";");
      if (p[1] == '\t') p++;
      line_start = 1;
      continue;
    }
    if (label && *p == '1' && line_start && p[1] == ':') {
      st_text_printf(t, "%s:", label);
      p++;
    } else if (label && *p == '1' && p[1] == 'f' && p > seq && p[-1] == ' ' &&
               (p[2] == '\n' || !p[2])) {
      st_text_printf(t, "%sf", label);
      p++;
    } else {
      st_text_printf(t, "%c", *p);
    }
    line_start = 0;
  }
}

char *sas_module_parts(enum rr_softticks_arch arch, unsigned options) {
  struct st_manifest m = {arch, "softticks-as", ST_PLUGIN_VERSION, ST_PLUGIN_VERSION,
                          ST_PLACEMENT_RULES_VERSION};
  return st_module_parts_asm(&m, options);
}

/* The target whose tick gas assembles in x86 code mode bits (.code32,
 * .code64; 0: the file's own). */
static const struct sas_target *mode_target(const struct sas_target *file, unsigned bits) {
  if (file->arch == RR_SOFTTICKS_ARCH_AARCH64 || !bits) return file;
  return sas_target_of(bits == 32 ? RR_SOFTTICKS_ARCH_I386 : RR_SOFTTICKS_ARCH_X86_64);
}

char *sas_emit(const struct sas_source *src, const struct sas_insert *ins, unsigned nins,
               const char *line_marker_name, size_t *len) {
  /* tick[m][k]: syntax mode m; k = 0 plain, 1 + 2 * of + cfi saving (OF
   * or not, CFI or not). */
  enum { MODES = SAS_SYNTAX_MODES, KINDS = 5 };
  struct st_text t = ST_TEXT_INIT;
  char *tick[MODES][KINDS], *out = NULL;
  size_t at = 0;
  unsigned i, k, m, bad = 0;
  const struct sas_target *target = sas_target_of(src->arch);
  for (m = 0; m < MODES; m++)
    for (k = 0; k < KINDS; k++) {
      struct st_text part = ST_TEXT_INIT;
      st_text_printf(&part, ";");
      target->tick_text(target, !k ? 0 : (k - 1) & 2 ? SAS_ALL : SAS_CF, k && (k - 1) & 1,
                        (enum sas_syntax)m, &part);
      bad |= !(tick[m][k] = st_text_finish(&part));
    }
  if (bad) goto done;
  if (line_marker_name) st_text_printf(&t, "# 1 \"%s\"\n", line_marker_name);
  for (i = 0; i < nins; i++) {
    unsigned f = ins[i].save_flags;
    k = !f ? 0 : 1 + ((f & SAS_OF) ? 2 : 0) + ((ins[i].cfa & ~SAS_CFA_REG_EXPR) == SAS_CFA_SP);
    st_text_printf(&t, "%.*s", (int)(ins[i].offset - at), src->buf + at);
    /* A body's tick that only some expansions need (expansion.c). */
    if (ins[i].guard) st_text_printf(&t, ";.if %s%u", SAS_GUARD_SYMBOL, ins[i].guard - 1);
    if (!ins[i].text && mode_target(target, ins[i].code_bits) != target) {
      /* A .code32 region of an x86-64 file (or .code64 of an i386 one):
       * that mode's sequence; gas assembles it in the region's mode. */
      const struct sas_target *other = mode_target(target, ins[i].code_bits);
      st_text_printf(&t, ";");
      other->tick_text(other, !k ? 0 : (k - 1) & 2 ? SAS_ALL : SAS_CF, k && (k - 1) & 1,
                       (enum sas_syntax)ins[i].syntax, &t);
    } else {
      st_text_printf(&t, "%s", ins[i].text ? ins[i].text : tick[ins[i].syntax][k]);
    }
    if (ins[i].guard) st_text_printf(&t, ".endif;");
    at = ins[i].text ? ins[i].replace_end : ins[i].offset;
  }
  st_text_printf(&t, "%.*s", (int)(src->len - at), src->buf + at);
  out = st_text_finish(&t);
  if (out) *len = strlen(out);
done:
  for (m = 0; m < MODES; m++)
    for (k = 0; k < KINDS; k++) free(tick[m][k]);
  return out;
}
