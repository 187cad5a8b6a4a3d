/*
 * Reading an ELF image for the analysis, defensively: the header tables
 * and every section header checked against the image, section data read
 * through a budget (overlapping sections must not make the work
 * quadratic), symbols by index with their names.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "image_analysis.h"

int image_fail(struct analysis *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->out->error, sizeof a->out->error, fmt, ap);
  va_end(ap);
  a->out->verdict = ST_VERDICT_ERROR;
  return -1;
}
int image_fail_elf(struct analysis *a, const char *what) {
  return image_fail(a, "%s: %s", what, elf_errmsg(-1));
}
/* ---------------------------------------------------------------------- */
/* Header tables                                                          */
/* ---------------------------------------------------------------------- */

/* libelf quietly shows no sections (or segments) when their table lies
 * outside the file; a truncated file must be an error, not a file that
 * seems to have nothing in it. */
static int check_table(struct analysis *a, const char *what, uint64_t offset, size_t entsize,
                       size_t want_entsize, uint64_t count, size_t libelf_count) {
  if (offset == 0 && count == 0) return 0;
  if (entsize != want_entsize)
    return image_fail(a, "%s entry size %zu (expected %zu)", what, entsize, want_entsize);
  if (offset > a->image_size || count > (a->image_size - offset) / want_entsize)
    return image_fail(a, "%s (%llu at offset %#llx) extend beyond the end of the file", what,
                (unsigned long long)count, (unsigned long long)offset);
  if (libelf_count != count)
    return image_fail(a, "%s: libelf reads %zu of %llu", what, libelf_count, (unsigned long long)count);
  return 0;
}

int image_check_header_tables(struct analysis *a, const GElf_Ehdr *eh) {
  size_t shnum, phnum;
  if (elf_getshdrnum(a->elf, &shnum) != 0) return image_fail_elf(a, "section count");
  if (elf_getphdrnum(a->elf, &phnum) != 0) return image_fail_elf(a, "program header count");
  /* e_shnum 0 with a table: the count is in section 0 (extended numbering),
   * which libelf has read; e_phnum PN_XNUM likewise. */
  uint64_t sections = eh->e_shnum ? eh->e_shnum : (eh->e_shoff ? shnum : 0);
  uint64_t segments = eh->e_phnum != PN_XNUM ? eh->e_phnum : phnum;
  if (check_table(a, "section headers", eh->e_shoff, eh->e_shentsize,
                  gelf_fsize(a->elf, ELF_T_SHDR, 1, EV_CURRENT), sections, shnum) != 0)
    return -1;
  if (segments && check_table(a, "program headers", eh->e_phoff, eh->e_phentsize,
                              gelf_fsize(a->elf, ELF_T_PHDR, 1, EV_CURRENT), segments, phnum) != 0)
    return -1;
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Section table                                                          */
/* ---------------------------------------------------------------------- */

int image_load_sections(struct analysis *a) {
  size_t count, names;
  if (elf_getshdrnum(a->elf, &count) != 0) return image_fail_elf(a, "section count");
  if (count == 0) return 0;
  if (elf_getshdrstrndx(a->elf, &names) != 0) return image_fail_elf(a, "section name table");
  if (names >= count) return image_fail(a, "section name table index %zu out of range", names);
  a->sections = calloc(count, sizeof *a->sections);
  a->charged = calloc(count, 1);
  if (!a->sections || !a->charged) return image_fail(a, "out of memory for %zu sections", count);
  a->section_count = count;
  for (size_t i = 1; i < count; i++) {
    struct section *s = &a->sections[i];
    s->scn = elf_getscn(a->elf, i);
    if (!s->scn || !gelf_getshdr(s->scn, &s->sh)) return image_fail_elf(a, "section header");
    if (s->sh.sh_type != SHT_NOBITS &&
        (s->sh.sh_offset > a->image_size || s->sh.sh_size > a->image_size - s->sh.sh_offset))
      return image_fail(a, "section %zu (offset %#llx, size %#llx) extends beyond the end of the file",
                  i, (unsigned long long)s->sh.sh_offset, (unsigned long long)s->sh.sh_size);
    s->name = elf_strptr(a->elf, names, s->sh.sh_name);
    if (!s->name) return image_fail(a, "section %zu: bad name offset %u", i, (unsigned)s->sh.sh_name);
  }
  a->out->has_sections = 1;
  return 0;
}

/* Sections may overlap (and must not make the work quadratic): each one
 * read counts once, and all of them together may not hold much more than
 * the file does.  Well-formed files have disjoint sections. */
int image_charge(struct analysis *a, uint64_t bytes) {
  uint64_t budget = 2 * (uint64_t)a->image_size + (1u << 20);
  a->work += bytes;
  if (a->work > budget || a->work < bytes)
    return image_fail(a, "sections overlap: %llu bytes read from a file of %zu",
                (unsigned long long)a->work, a->image_size);
  return 0;
}

Elf_Data *image_section_data(struct analysis *a, size_t i) {
  if (!a->charged[i]) {
    if (a->sections[i].sh.sh_type != SHT_NOBITS && image_charge(a, a->sections[i].sh.sh_size) != 0)
      return NULL;
    a->charged[i] = 1;
  }
  Elf_Data *d = elf_getdata(a->sections[i].scn, NULL);
  if (!d) image_fail(a, "section %zu (%s): %s", i, a->sections[i].name, elf_errmsg(-1));
  return d;
}

/* ---------------------------------------------------------------------- */
/* Symbols                                                                */
/* ---------------------------------------------------------------------- */

int image_open_symbol_table(struct analysis *a, size_t i, struct symbol_table *t) {
  const struct section *s = &a->sections[i];
  if (s->sh.sh_type != SHT_SYMTAB && s->sh.sh_type != SHT_DYNSYM)
    return image_fail(a, "section %zu (%s) is not a symbol table", i, s->name);
  if (s->sh.sh_link == 0 || s->sh.sh_link >= a->section_count)
    return image_fail(a, "symbol table %s: bad string table link %u", s->name, (unsigned)s->sh.sh_link);
  t->data = image_section_data(a, i);
  if (!t->data) return -1;
  size_t entsize = gelf_fsize(a->elf, ELF_T_SYM, 1, EV_CURRENT);
  t->count = entsize ? t->data->d_size / entsize : 0;
  t->names = s->sh.sh_link;
  return 0;
}

int image_symbol_at(struct analysis *a, const struct symbol_table *t, size_t idx,
                     GElf_Sym *sym, const char **name) {
  if (idx >= t->count || !gelf_getsym(t->data, (int)idx, sym))
    return image_fail(a, "symbol %zu out of range", idx);
  *name = elf_strptr(a->elf, t->names, sym->st_name);
  if (!*name) return image_fail(a, "symbol %zu: bad name offset %u", idx, (unsigned)sym->st_name);
  return 0;
}

