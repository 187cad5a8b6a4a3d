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

/* ";<sequence>;" from the header's text, with the flags saved around it
 * when save. */
static void tick_text(enum rr_softticks_arch arch, int save, struct st_text *t) {
  const char *seq = arch == RR_SOFTTICKS_ARCH_I386 ? RR_SOFTTICKS_I386_TICK_ASM
                                                   : RR_SOFTTICKS_X86_64_TICK_ASM;
  const char *p;
  st_text_printf(t, ";");
  if (save)
    st_text_printf(t, "%s", arch == RR_SOFTTICKS_ARCH_I386 ? "pushfl;"
                                                            : "lea -128(%rsp),%rsp;pushfq;");
  for (p = seq; *p; p++) {
    if (*p == '\n') {
      st_text_printf(t, ";");
      if (p[1] == '\t') p++;
    } else {
      st_text_printf(t, "%c", *p);
    }
  }
  if (save)
    st_text_printf(t, "%s", arch == RR_SOFTTICKS_ARCH_I386 ? "popfl;"
                                                            : "popfq;lea 128(%rsp),%rsp;");
}

char *sas_module_parts(enum rr_softticks_arch arch) {
  struct st_manifest m = {arch, "softticks-as", ST_PLUGIN_VERSION, ST_PLUGIN_VERSION,
                          ST_PLACEMENT_RULES_VERSION};
  return st_module_parts_asm(&m);
}

char *sas_emit(const struct sas_source *src, const struct sas_insert *ins, unsigned nins,
               int with_module_parts, const char *line_marker_name, size_t *len) {
  struct st_text t = ST_TEXT_INIT, plain = ST_TEXT_INIT, saved = ST_TEXT_INIT;
  char *tick, *tick_saved, *out;
  size_t at = 0;
  unsigned i;
  tick_text(src->arch, 0, &plain);
  tick_text(src->arch, 1, &saved);
  tick = st_text_finish(&plain);
  tick_saved = st_text_finish(&saved);
  if (!tick || !tick_saved) {
    free(tick);
    free(tick_saved);
    return NULL;
  }
  if (line_marker_name) st_text_printf(&t, "# 1 \"%s\"\n", line_marker_name);
  for (i = 0; i < nins; i++) {
    st_text_printf(&t, "%.*s%s", (int)(ins[i].offset - at), src->buf + at,
                   ins[i].save_flags ? tick_saved : tick);
    at = ins[i].offset;
  }
  st_text_printf(&t, "%.*s", (int)(src->len - at), src->buf + at);
  if (with_module_parts) {
    char *parts = sas_module_parts(src->arch);
    if (!parts) {
      free(st_text_finish(&t));
      free(tick);
      free(tick_saved);
      return NULL;
    }
    if (src->len && src->buf[src->len - 1] != '\n') st_text_printf(&t, "\n");
    st_text_printf(&t, "%s", parts);
    free(parts);
  }
  free(tick);
  free(tick_saved);
  out = st_text_finish(&t);
  if (out) *len = strlen(out);
  return out;
}
