/*
 * A string-keyed table (cfg.c's symbols and sections, cond.c's symbols).
 * Open addressing, grown at half full.  It holds the keys' pointers (each
 * key lives as long as its value does) and the values; growing it moves
 * only these pairs, never what a value points to.
 */
#ifndef SOFTTICKS_ASM_STRTAB_H
#define SOFTTICKS_ASM_STRTAB_H

struct sas_strtab {
  struct sas_strent {
    const char *key;
    void *val;
  } *e;
  unsigned cap, n;
};

/* The value of key, NULL if absent. */
void *sas_strtab_get(const struct sas_strtab *t, const char *key);
/* Adds key (not there yet) with val; -1 when out of memory. */
int sas_strtab_put(struct sas_strtab *t, const char *key, void *val);

#endif
