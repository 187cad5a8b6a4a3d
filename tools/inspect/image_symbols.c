/*
 * Symbols: definitions of the initializer, and (on request) the function
 * symbols that tick sites are attributed to.
 */
#define _GNU_SOURCE /* strdup with -std=c11 */
#include <stdlib.h>
#include <string.h>

#include "image_analysis.h"

static int is_function(const GElf_Sym *sym) {
  int type = GELF_ST_TYPE(sym->st_info);
  return (type == STT_FUNC || type == STT_GNU_IFUNC) && sym->st_shndx != SHN_UNDEF &&
         sym->st_shndx < SHN_LORESERVE && sym->st_size > 0;
}

static int add_function(struct analysis *a, const GElf_Sym *sym, const char *name) {
  struct st_inspection *o = a->out;
  if (o->function_count == a->functions_capacity) {
    size_t cap = a->functions_capacity ? 2 * a->functions_capacity : 64;
    struct st_function_ticks *f = realloc(o->functions, cap * sizeof *f);
    if (!f) return image_fail(a, "out of memory for functions");
    o->functions = f;
    a->functions_capacity = cap;
  }
  struct st_function_ticks *f = &o->functions[o->function_count];
  memset(f, 0, sizeof *f);
  f->name = strdup(name);
  if (!f->name) return image_fail(a, "out of memory for function names");
  /* In a relocatable file a symbol's value is an offset in its section. */
  f->section = o->elf_type == ET_REL ? sym->st_shndx : 0;
  f->start = sym->st_value;
  f->size = sym->st_size;
  f->shndx = sym->st_shndx;
  f->ifunc = GELF_ST_TYPE(sym->st_info) == STT_GNU_IFUNC;
  o->function_count++;
  return 0;
}

static int function_order(const void *x, const void *y) {
  const struct st_function_ticks *p = x, *q = y;
  if (p->section != q->section) return p->section < q->section ? -1 : 1;
  if (p->start != q->start) return p->start < q->start ? -1 : 1;
  return strcmp(p->name, q->name);
}


/* Aliases (several names at one address) become one entry: the first name
 * in sorted order, so that output does not depend on symbol order. */
static void sort_functions(struct analysis *a) {
  struct st_inspection *o = a->out;
  if (o->function_count == 0) return;
  qsort(o->functions, o->function_count, sizeof *o->functions, function_order);
  size_t kept = 1;
  for (size_t i = 1; i < o->function_count; i++) {
    struct st_function_ticks *prev = &o->functions[kept - 1], *f = &o->functions[i];
    if (f->section == prev->section && f->start == prev->start) {
      if (f->size > prev->size) prev->size = f->size;
      prev->ifunc |= f->ifunc;
      st_coverage_aliases_add(&a->aliases, f->name, kept - 1);
      continue;
    }
    o->functions[kept++] = *f;
  }
  o->function_count = kept;
}

int image_read_symbols(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t dynsym = 0;
  for (size_t i = 1; i < a->section_count; i++) {
    if (a->sections[i].sh.sh_type == SHT_SYMTAB && !a->symtab) a->symtab = i;
    if (a->sections[i].sh.sh_type == SHT_DYNSYM && !dynsym) dynsym = i;
  }
  if (!a->symtab) a->symtab = dynsym;
  if (!a->symtab) return 0;
  o->symbols_from = a->sections[a->symtab].sh.sh_type == SHT_SYMTAB ? ".symtab" : ".dynsym";

  struct symbol_table t;
  if (image_open_symbol_table(a, a->symtab, &t) != 0) return -1;
  for (size_t i = 1; i < t.count; i++) {
    GElf_Sym sym;
    const char *name;
    if (image_symbol_at(a, &t, i, &sym, &name) != 0) return -1;
    if (sym.st_shndx != SHN_UNDEF && strcmp(name, RR_SOFTTICKS_INIT_SYMBOL) == 0) {
      o->init_definitions++;
      if (a->init_defs_known < MAX_INIT_DEFS)
        a->init_defs[a->init_defs_known++] = (struct init_def){sym.st_shndx, sym.st_value};
    }
    if (a->collect_functions && is_function(&sym) && add_function(a, &sym, name) != 0) return -1;
  }
  /* The initializer is hidden: only .symtab names it.  A .dynsym without
   * it says nothing. */
  o->init_checked = a->sections[a->symtab].sh.sh_type == SHT_SYMTAB || o->init_definitions > 0;
  sort_functions(a);
  return 0;
}

