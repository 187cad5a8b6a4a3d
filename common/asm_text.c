/* The assembly text builder (see asm_text.h). */
#include "asm_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(struct st_text *t) {
  free(t->s);
  t->s = NULL;
  t->len = t->cap = 0;
  t->failed = 1;
}

void st_text_printf(struct st_text *t, const char *fmt, ...) {
  va_list ap;
  int n;
  if (t->failed) return;
  for (;;) {
    va_start(ap, fmt);
    n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) break;
    if (t->s && (size_t)n < t->cap - t->len) {
      t->len += (size_t)n;
      return;
    }
    {
      size_t want = t->len + (size_t)n + 1, cap = t->cap ? t->cap : 256;
      char *s;
      while (cap < want) cap *= 2;
      s = realloc(t->s, cap);
      if (!s) break;
      t->s = s;
      t->cap = cap;
    }
  }
  fail(t);
}

void st_text_bytes(struct st_text *t, const unsigned char *p, size_t n, size_t pad_to) {
  size_t padded = pad_to > 1 ? (n + pad_to - 1) / pad_to * pad_to : n, i;
  for (i = 0; i < padded; i++)
    st_text_printf(t, "%s0x%02x%s", i % 16 == 0 ? "\t.byte " : "", i < n ? p[i] : 0u,
                   i % 16 == 15 || i + 1 == padded ? "\n" : ",");
}

void st_text_note(struct st_text *t, enum rr_softticks_arch arch, const char *section,
                  const char *group, const char *name, unsigned type,
                  const unsigned char *desc, size_t descsz) {
  const char *prefix = st_asm_type_prefix(arch);
  size_t namesz = strlen(name) + 1;
  if (!prefix) {
    fail(t);
    return;
  }
  st_text_printf(t, "\t.pushsection %s,\"aG\",%snote,%s,comdat\n", section, prefix, group);
  st_text_printf(t, "\t.balign 4\n\t.4byte %u\n\t.4byte %u\n\t.4byte %u\n", (unsigned)namesz,
                 (unsigned)descsz, type);
  st_text_bytes(t, (const unsigned char *)name, namesz, 4);
  st_text_bytes(t, desc, descsz, 4);
  st_text_printf(t, "\t.popsection\n");
}

char *st_text_finish(struct st_text *t) {
  char *s = t->failed ? NULL : t->s;
  if (s == NULL && !t->failed) s = calloc(1, 1); /* nothing written: "" */
  t->s = NULL;
  t->len = t->cap = 0;
  t->failed = 0;
  return s;
}

const char *st_asm_type_prefix(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
    case RR_SOFTTICKS_ARCH_I386: return "@";
    case RR_SOFTTICKS_ARCH_AARCH64: return "%";
  }
  return NULL;
}
