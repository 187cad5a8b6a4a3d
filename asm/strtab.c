/* The string-keyed table of strtab.h. */
#include <stdlib.h>
#include <string.h>

#include "strtab.h"

static unsigned hash(const char *k) {
  unsigned h = 2166136261u;
  while (*k) h = (h ^ (unsigned char)*k++) * 16777619u;
  return h;
}

void *sas_strtab_get(const struct sas_strtab *t, const char *key) {
  unsigned i;
  if (!t->cap) return NULL;
  for (i = hash(key) & (t->cap - 1); t->e[i].key; i = (i + 1) & (t->cap - 1))
    if (!strcmp(t->e[i].key, key)) return t->e[i].val;
  return NULL;
}

int sas_strtab_put(struct sas_strtab *t, const char *key, void *val) {
  unsigned i;
  if ((t->n + 1) * 2 > t->cap) {
    unsigned nc = t->cap ? t->cap * 2 : 1024;
    struct sas_strtab nt = {calloc(nc, sizeof *nt.e), nc, 0};
    if (!nt.e) return -1;
    for (i = 0; i < t->cap; i++)
      if (t->e[i].key) sas_strtab_put(&nt, t->e[i].key, t->e[i].val);
    free(t->e);
    *t = nt;
  }
  for (i = hash(key) & (t->cap - 1); t->e[i].key; i = (i + 1) & (t->cap - 1)) {
  }
  t->e[i].key = key;
  t->e[i].val = val;
  t->n++;
  return 0;
}
