/*
 * The facts softticks-inspect reports about one ELF image, gathered with
 * libelf: the ABI note, the manifest notes, tick sites in executable code
 * (per function on request), and the initializer with its .init_array
 * entries.  verdict.c turns the facts into a verdict.
 *
 * Malformed input is expected (whole root filesystems, fuzzing): every
 * size and offset is checked against the image before use, every libelf
 * call is checked, and any section header that points outside the file
 * makes the whole file an error rather than a partial answer.
 */
#define _GNU_SOURCE /* strdup with -std=c11 */
#include <gelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "inspection.h"
#include "tick_scan.h"
#include "verdict.h"

#ifdef ST_HAVE_INIT_CODE
#include "st_init_code.h" /* the initializer's machine code, from runtime/ */
#endif

#ifndef R_AARCH64_RELATIVE
#define R_AARCH64_RELATIVE 1027
#endif

/* How many distinct initializer definitions we remember to match
 * .init_array entries against; more than one is already inconsistent. */
#define MAX_INIT_DEFS 8

struct section {
  Elf_Scn *scn;
  GElf_Shdr sh;
  const char *name;
};

struct init_def {
  size_t shndx;
  uint64_t value;
};

struct analysis {
  Elf *elf;
  const unsigned char *image;
  size_t image_size;
  struct st_inspection *out;
  int want_functions;
  int file_mapping; /* ST_INSPECT_FILE_MAPPING */
  struct section *sections; /* indexed by section number; [0] is the null one */
  size_t section_count;
  unsigned char *charged;   /* per section: its bytes counted in work */
  uint64_t work;            /* bytes of sections and segments read so far */
  size_t symtab;            /* index of the symbol table used, 0 if none */
  struct init_def init_defs[MAX_INIT_DEFS];
  unsigned init_defs_known;
  uint64_t init_code_targets[MAX_INIT_DEFS]; /* distinct, recognized by code */
  unsigned init_code_target_count;
  size_t functions_capacity;
};

static int fail(struct analysis *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->out->error, sizeof a->out->error, fmt, ap);
  va_end(ap);
  a->out->verdict = ST_VERDICT_ERROR;
  return -1;
}

static int fail_elf(struct analysis *a, const char *what) {
  return fail(a, "%s: %s", what, elf_errmsg(-1));
}

static uint64_t read_word(const unsigned char *p, size_t width, int big_endian) {
  uint64_t v = 0;
  for (size_t i = 0; i < width; i++) {
    size_t byte = big_endian ? i : width - 1 - i;
    v = (v << 8) | p[byte];
  }
  return v;
}

static int is_elf_class_ok(int elf_class) {
  return elf_class == ELFCLASS32 || elf_class == ELFCLASS64;
}

static enum rr_softticks_arch arch_of(unsigned machine, int elf_class) {
  if (machine == EM_X86_64 && elf_class == ELFCLASS64) return RR_SOFTTICKS_ARCH_X86_64;
  if (machine == EM_386 && elf_class == ELFCLASS32) return RR_SOFTTICKS_ARCH_I386;
  if (machine == EM_AARCH64 && elf_class == ELFCLASS64) return RR_SOFTTICKS_ARCH_AARCH64;
  return (enum rr_softticks_arch)0;
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
    return fail(a, "%s entry size %zu (expected %zu)", what, entsize, want_entsize);
  if (offset > a->image_size || count > (a->image_size - offset) / want_entsize)
    return fail(a, "%s (%llu at offset %#llx) extend beyond the end of the file", what,
                (unsigned long long)count, (unsigned long long)offset);
  if (libelf_count != count)
    return fail(a, "%s: libelf reads %zu of %llu", what, libelf_count, (unsigned long long)count);
  return 0;
}

static int check_header_tables(struct analysis *a, const GElf_Ehdr *eh) {
  size_t shnum, phnum;
  if (elf_getshdrnum(a->elf, &shnum) != 0) return fail_elf(a, "section count");
  if (elf_getphdrnum(a->elf, &phnum) != 0) return fail_elf(a, "program header count");
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

static int load_sections(struct analysis *a) {
  size_t count, names;
  if (elf_getshdrnum(a->elf, &count) != 0) return fail_elf(a, "section count");
  if (count == 0) return 0;
  if (elf_getshdrstrndx(a->elf, &names) != 0) return fail_elf(a, "section name table");
  if (names >= count) return fail(a, "section name table index %zu out of range", names);
  a->sections = calloc(count, sizeof *a->sections);
  a->charged = calloc(count, 1);
  if (!a->sections || !a->charged) return fail(a, "out of memory for %zu sections", count);
  a->section_count = count;
  for (size_t i = 1; i < count; i++) {
    struct section *s = &a->sections[i];
    s->scn = elf_getscn(a->elf, i);
    if (!s->scn || !gelf_getshdr(s->scn, &s->sh)) return fail_elf(a, "section header");
    if (s->sh.sh_type != SHT_NOBITS &&
        (s->sh.sh_offset > a->image_size || s->sh.sh_size > a->image_size - s->sh.sh_offset))
      return fail(a, "section %zu (offset %#llx, size %#llx) extends beyond the end of the file",
                  i, (unsigned long long)s->sh.sh_offset, (unsigned long long)s->sh.sh_size);
    s->name = elf_strptr(a->elf, names, s->sh.sh_name);
    if (!s->name) return fail(a, "section %zu: bad name offset %u", i, (unsigned)s->sh.sh_name);
  }
  a->out->has_sections = 1;
  return 0;
}

/* Sections may overlap (and must not make the work quadratic): each one
 * read counts once, and all of them together may not hold much more than
 * the file does.  Well-formed files have disjoint sections. */
static int charge(struct analysis *a, uint64_t bytes) {
  uint64_t budget = 2 * (uint64_t)a->image_size + (1u << 20);
  a->work += bytes;
  if (a->work > budget || a->work < bytes)
    return fail(a, "sections overlap: %llu bytes read from a file of %zu",
                (unsigned long long)a->work, a->image_size);
  return 0;
}

static Elf_Data *section_data(struct analysis *a, size_t i) {
  if (!a->charged[i]) {
    if (a->sections[i].sh.sh_type != SHT_NOBITS && charge(a, a->sections[i].sh.sh_size) != 0)
      return NULL;
    a->charged[i] = 1;
  }
  Elf_Data *d = elf_getdata(a->sections[i].scn, NULL);
  if (!d) fail(a, "section %zu (%s): %s", i, a->sections[i].name, elf_errmsg(-1));
  return d;
}

/* ---------------------------------------------------------------------- */
/* Notes                                                                  */
/* ---------------------------------------------------------------------- */

static int name_is(const Elf_Data *d, size_t name_off, const GElf_Nhdr *nh, const char *name) {
  size_t len = strlen(name) + 1;
  return nh->n_namesz == len && memcmp((const char *)d->d_buf + name_off, name, len) == 0;
}

static void note_abi(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                     size_t name_off, size_t desc_off) {
  struct st_inspection *o = a->out;
  if (!name_is(d, name_off, nh, RR_SOFTTICKS_NOTE_NAME) || nh->n_type != RR_SOFTTICKS_NOTE_TYPE ||
      nh->n_descsz != RR_SOFTTICKS_NOTE_DESCSZ) {
    o->abi_malformed_notes++;
    return;
  }
  long version = (long)read_word((const unsigned char *)d->d_buf + desc_off, 4, o->big_endian);
  o->abi_notes++;
  if (o->abi_version < 0)
    o->abi_version = version;
  else if (version != o->abi_version && o->abi_other_version < 0)
    o->abi_other_version = version;
}

static void note_manifest(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                          size_t name_off, size_t desc_off) {
  struct st_inspection *o = a->out;
  if (!name_is(d, name_off, nh, RR_SOFTTICKS_MANIFEST_NOTE_NAME) ||
      nh->n_type != RR_SOFTTICKS_MANIFEST_NOTE_TYPE) {
    st_add_warning(o, "unexpected note (type %u) in %s", (unsigned)nh->n_type,
                   RR_SOFTTICKS_MANIFEST_SECTION);
    return;
  }
  unsigned n = o->manifest_notes++;
  if (n >= ST_MAX_MANIFESTS) return;
  struct st_manifest_info *m = &o->manifests[n];
  m->size = nh->n_descsz;
#ifdef ST_HAVE_MANIFEST_DECODE
  m->decoded = st_manifest_decode((const unsigned char *)d->d_buf + desc_off, nh->n_descsz,
                                  &m->manifest) == 0;
  if (!m->decoded) st_add_warning(o, "manifest note %u is not a valid ModuleManifest", n + 1);
#else
  (void)desc_off;
  m->decoded = -1;
#endif
}

typedef void (*note_fn)(struct analysis *, const Elf_Data *, const GElf_Nhdr *, size_t, size_t);

/* Walks the notes of d.  Returns 0, or 1 if bytes were left that are not
 * a complete note. */
static int walk_notes(struct analysis *a, Elf_Data *d, note_fn fn) {
  size_t off = 0, next;
  GElf_Nhdr nh;
  size_t name_off, desc_off;
  if (d->d_type != ELF_T_NHDR && d->d_type != ELF_T_NHDR8) return d->d_size != 0;
  while (off < d->d_size && (next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > off) {
    fn(a, d, &nh, name_off, desc_off);
    off = next;
  }
  return off < d->d_size;
}

static int read_notes_in_sections(struct analysis *a) {
  struct st_inspection *o = a->out;
  for (size_t i = 1; i < a->section_count; i++) {
    const struct section *s = &a->sections[i];
    int abi = strcmp(s->name, RR_SOFTTICKS_NOTE_SECTION) == 0;
    int manifest = strcmp(s->name, RR_SOFTTICKS_MANIFEST_SECTION) == 0;
    if (!abi && !manifest) continue;
    if (abi) {
      o->abi_note_sections++;
      if (s->sh.sh_type != SHT_NOTE) {
        st_add_reason(o, "section %s is not SHT_NOTE", s->name);
        o->abi_malformed_notes++;
        continue;
      }
      if (!(s->sh.sh_flags & SHF_ALLOC)) st_add_reason(o, "section %s is not allocated", s->name);
    } else if (s->sh.sh_type != SHT_NOTE) {
      st_add_warning(o, "section %s is not SHT_NOTE", s->name);
      continue;
    }
    Elf_Data *d = section_data(a, i);
    if (!d) return -1;
    if (walk_notes(a, d, abi ? note_abi : note_manifest)) {
      if (abi)
        o->abi_malformed_notes++;
      else
        st_add_warning(o, "trailing bytes in %s", s->name);
    }
  }
  return 0;
}

/* A file without section headers: the notes of its PT_NOTE segments, by
 * name and type, wherever they are. */
static void note_any(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                     size_t name_off, size_t desc_off) {
  if (name_is(d, name_off, nh, RR_SOFTTICKS_NOTE_NAME) && nh->n_type == RR_SOFTTICKS_NOTE_TYPE)
    note_abi(a, d, nh, name_off, desc_off);
  else if (name_is(d, name_off, nh, RR_SOFTTICKS_MANIFEST_NOTE_NAME))
    note_manifest(a, d, nh, name_off, desc_off);
}

/* Code is scanned in chunks; in a file mapping, the pages of each chunk
 * are dropped once scanned (they are clean: the file has them), so that a
 * huge section does not stay resident. */
#define SCAN_CHUNK ((size_t)32 << 20)

struct scan_context {
  struct analysis *a;
  void *site_ctx;
  st_tick_site_fn on_site;
};

static void forward_site(void *ctx, enum rr_softticks_arch arch, uint64_t address) {
  struct scan_context *c = ctx;
  if (c->on_site) c->on_site(c->site_ctx, arch, address);
}

static void drop_scanned_pages(void *ctx, const unsigned char *bytes, size_t size) {
  struct scan_context *c = ctx;
  const struct analysis *a = c->a;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  /* Only pages of the file's own mapping: never heap memory. */
  if (!a->file_mapping || !page || bytes < a->image || size > a->image_size ||
      (size_t)(bytes - a->image) > a->image_size - size)
    return;
  uintptr_t from = ((uintptr_t)bytes + page - 1) & ~(uintptr_t)(page - 1);
  uintptr_t to = ((uintptr_t)bytes + size) & ~(uintptr_t)(page - 1);
  if (to > from) madvise((void *)from, to - from, MADV_DONTNEED);
}

static void scan_in_chunks(struct analysis *a, const unsigned char *bytes, size_t size,
                           uint64_t address, st_tick_site_fn on_site, void *ctx) {
  struct scan_context c = {a, ctx, on_site};
  st_scan_ticks_chunked(bytes, size, SCAN_CHUNK, address, a->out->ticks_by_arch, forward_site,
                        size > SCAN_CHUNK ? drop_scanned_pages : NULL, &c);
}

/* ---------------------------------------------------------------------- */
/* Program headers                                                        */
/* ---------------------------------------------------------------------- */

static int segment_in_file(struct analysis *a, const GElf_Phdr *ph) {
  return ph->p_offset <= a->image_size && ph->p_filesz <= a->image_size - ph->p_offset;
}

/* PT_INTERP always; without sections also the notes and the code. */
static int read_segments(struct analysis *a, const unsigned char *image) {
  struct st_inspection *o = a->out;
  size_t count;
  if (elf_getphdrnum(a->elf, &count) != 0) return fail_elf(a, "program header count");
  for (size_t i = 0; i < count; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(a->elf, (int)i, &ph)) return fail_elf(a, "program header");
    if (ph.p_type == PT_INTERP) o->has_interp = 1;
    if (o->has_sections) continue;
    if (!segment_in_file(a, &ph))
      return fail(a, "segment %zu extends beyond the end of the file", i);
    int read = (ph.p_type == PT_NOTE && ph.p_filesz > 0) ||
               (ph.p_type == PT_LOAD && (ph.p_flags & PF_X));
    if (read && charge(a, ph.p_filesz) != 0) return -1;
    if (ph.p_type == PT_NOTE && ph.p_filesz > 0) {
      Elf_Data *d = elf_getdata_rawchunk(a->elf, (int64_t)ph.p_offset, ph.p_filesz,
                                         ph.p_align == 8 ? ELF_T_NHDR8 : ELF_T_NHDR);
      if (!d) return fail_elf(a, "note segment");
      if (walk_notes(a, d, note_any)) st_add_warning(o, "trailing bytes in note segment %zu", i);
    } else if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
      scan_in_chunks(a, image + ph.p_offset, ph.p_filesz, ph.p_vaddr, NULL, NULL);
    }
  }
  if (!o->has_sections) st_add_warning(o, "no section headers: scanned executable segments");
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Dynamic section: is an ET_DYN a PIE or a shared object?                */
/* ---------------------------------------------------------------------- */

static int read_dynamic(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t entsize = gelf_fsize(a->elf, ELF_T_DYN, 1, EV_CURRENT);
  for (size_t i = 1; i < a->section_count; i++) {
    if (a->sections[i].sh.sh_type != SHT_DYNAMIC) continue;
    Elf_Data *d = section_data(a, i);
    if (!d) return -1;
    size_t n = entsize ? d->d_size / entsize : 0;
    for (size_t k = 0; k < n; k++) {
      GElf_Dyn dyn;
      if (!gelf_getdyn(d, (int)k, &dyn)) return fail_elf(a, "dynamic entry");
      if (dyn.d_tag == DT_NULL) break;
      if (dyn.d_tag == DT_FLAGS_1 && (dyn.d_un.d_val & DF_1_PIE)) o->pie_flag = 1;
      if (dyn.d_tag == DT_SONAME) o->has_soname = 1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Symbols                                                                */
/* ---------------------------------------------------------------------- */

struct symbol_table {
  Elf_Data *data;
  size_t count;
  size_t names; /* string table section */
};

static int open_symbol_table(struct analysis *a, size_t i, struct symbol_table *t) {
  const struct section *s = &a->sections[i];
  if (s->sh.sh_type != SHT_SYMTAB && s->sh.sh_type != SHT_DYNSYM)
    return fail(a, "section %zu (%s) is not a symbol table", i, s->name);
  if (s->sh.sh_link == 0 || s->sh.sh_link >= a->section_count)
    return fail(a, "symbol table %s: bad string table link %u", s->name, (unsigned)s->sh.sh_link);
  t->data = section_data(a, i);
  if (!t->data) return -1;
  size_t entsize = gelf_fsize(a->elf, ELF_T_SYM, 1, EV_CURRENT);
  t->count = entsize ? t->data->d_size / entsize : 0;
  t->names = s->sh.sh_link;
  return 0;
}

static int symbol_at(struct analysis *a, const struct symbol_table *t, size_t idx,
                     GElf_Sym *sym, const char **name) {
  if (idx >= t->count || !gelf_getsym(t->data, (int)idx, sym))
    return fail(a, "symbol %zu out of range", idx);
  *name = elf_strptr(a->elf, t->names, sym->st_name);
  if (!*name) return fail(a, "symbol %zu: bad name offset %u", idx, (unsigned)sym->st_name);
  return 0;
}

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
    if (!f) return fail(a, "out of memory for functions");
    o->functions = f;
    a->functions_capacity = cap;
  }
  struct st_function_ticks *f = &o->functions[o->function_count];
  memset(f, 0, sizeof *f);
  f->name = strdup(name);
  if (!f->name) return fail(a, "out of memory for function names");
  /* In a relocatable file a symbol's value is an offset in its section. */
  f->section = o->elf_type == ET_REL ? sym->st_shndx : 0;
  f->start = sym->st_value;
  f->size = sym->st_size;
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
static void sort_functions(struct st_inspection *o) {
  if (o->function_count == 0) return;
  qsort(o->functions, o->function_count, sizeof *o->functions, function_order);
  size_t kept = 1;
  for (size_t i = 1; i < o->function_count; i++) {
    struct st_function_ticks *prev = &o->functions[kept - 1], *f = &o->functions[i];
    if (f->section == prev->section && f->start == prev->start) {
      if (f->size > prev->size) prev->size = f->size;
      free(f->name);
      continue;
    }
    o->functions[kept++] = *f;
  }
  o->function_count = kept;
}

static int read_symbols(struct analysis *a) {
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
  if (open_symbol_table(a, a->symtab, &t) != 0) return -1;
  for (size_t i = 1; i < t.count; i++) {
    GElf_Sym sym;
    const char *name;
    if (symbol_at(a, &t, i, &sym, &name) != 0) return -1;
    if (sym.st_shndx != SHN_UNDEF && strcmp(name, RR_SOFTTICKS_INIT_SYMBOL) == 0) {
      o->init_definitions++;
      if (a->init_defs_known < MAX_INIT_DEFS)
        a->init_defs[a->init_defs_known++] = (struct init_def){sym.st_shndx, sym.st_value};
    }
    if (a->want_functions && is_function(&sym) && add_function(a, &sym, name) != 0) return -1;
  }
  /* The initializer is hidden: only .symtab names it.  A .dynsym without
   * it says nothing. */
  o->init_checked = a->sections[a->symtab].sh.sh_type == SHT_SYMTAB || o->init_definitions > 0;
  sort_functions(o);
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Tick sites                                                             */
/* ---------------------------------------------------------------------- */

struct site_context {
  struct st_inspection *out;
  unsigned section; /* for .o files, where addresses are section offsets */
};

static void count_site_in_function(void *ctx, enum rr_softticks_arch arch, uint64_t address) {
  struct site_context *c = ctx;
  struct st_inspection *o = c->out;
  (void)arch;
  /* The last function starting at or before the site. */
  size_t lo = 0, hi = o->function_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const struct st_function_ticks *f = &o->functions[mid];
    if (f->section < c->section || (f->section == c->section && f->start <= address))
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > 0) {
    struct st_function_ticks *f = &o->functions[lo - 1];
    if (f->section == c->section && address - f->start < f->size) {
      f->ticks++;
      return;
    }
  }
  o->ticks_outside_functions++;
}

static int scan_code(struct analysis *a) {
  struct st_inspection *o = a->out;
  for (size_t i = 1; i < a->section_count; i++) {
    const struct section *s = &a->sections[i];
    if (!(s->sh.sh_flags & SHF_EXECINSTR) || s->sh.sh_type == SHT_NOBITS || s->sh.sh_size == 0)
      continue;
    Elf_Data *d = section_data(a, i);
    if (!d) return -1;
    if (!d->d_buf) continue;
    struct site_context c = {o, o->elf_type == ET_REL ? (unsigned)i : 0};
    scan_in_chunks(a, d->d_buf, d->d_size, s->sh.sh_addr,
                   a->want_functions ? count_site_in_function : NULL, &c);
  }
  return 0;
}

/* ---------------------------------------------------------------------- */
/* The initializer's .init_array entries                                  */
/* ---------------------------------------------------------------------- */

static int is_init_array(const struct section *s) {
  return s->sh.sh_type == SHT_INIT_ARRAY ||
         (s->sh.sh_type == SHT_PROGBITS && strncmp(s->name, ".init_array", 11) == 0);
}

static int is_init_target(struct analysis *a, size_t shndx, uint64_t value) {
  for (unsigned i = 0; i < a->init_defs_known; i++)
    if (a->init_defs[i].value == value &&
        (a->out->elf_type != ET_REL || a->init_defs[i].shndx == shndx))
      return 1;
  return 0;
}

static unsigned relative_type(unsigned machine) {
  switch (machine) {
    case EM_X86_64: return R_X86_64_RELATIVE;
    case EM_386: return R_386_RELATIVE;
    case EM_AARCH64: return R_AARCH64_RELATIVE;
  }
  return ~0u;
}

struct relocation {
  uint64_t offset;
  uint64_t type;
  uint64_t symbol;
  int64_t addend;
  int has_addend;
};

static int get_relocation(struct analysis *a, Elf_Data *d, int rela, size_t j,
                          struct relocation *r) {
  if (rela) {
    GElf_Rela x;
    if (!gelf_getrela(d, (int)j, &x)) return fail_elf(a, "relocation");
    *r = (struct relocation){x.r_offset, GELF_R_TYPE(x.r_info), GELF_R_SYM(x.r_info), x.r_addend, 1};
  } else {
    GElf_Rel x;
    if (!gelf_getrel(d, (int)j, &x)) return fail_elf(a, "relocation");
    *r = (struct relocation){x.r_offset, GELF_R_TYPE(x.r_info), GELF_R_SYM(x.r_info), 0, 0};
  }
  return 0;
}

static size_t relocation_count(struct analysis *a, const Elf_Data *d, int rela) {
  size_t entsize = gelf_fsize(a->elf, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
  return entsize ? d->d_size / entsize : 0;
}

/* A relocatable file: an entry is a relocation against the array, to the
 * initializer's symbol or to its section plus its offset. */
static int count_init_entries_relocatable(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t width = o->elf_class == 64 ? 8 : 4;
  for (size_t i = 1; i < a->section_count; i++) {
    const struct section *rs = &a->sections[i];
    int rela = rs->sh.sh_type == SHT_RELA;
    if (!rela && rs->sh.sh_type != SHT_REL) continue;
    if (rs->sh.sh_info == 0 || rs->sh.sh_info >= a->section_count) continue;
    const struct section *target = &a->sections[rs->sh.sh_info];
    if (!is_init_array(target)) continue;
    if (rs->sh.sh_link == 0 || rs->sh.sh_link >= a->section_count)
      return fail(a, "relocation section %s: bad symbol table link", rs->name);
    struct symbol_table t;
    if (open_symbol_table(a, rs->sh.sh_link, &t) != 0) return -1;
    Elf_Data *d = section_data(a, i);
    if (!d) return -1;
    Elf_Data *slots = NULL;
    if (!rela && target->sh.sh_type != SHT_NOBITS && !(slots = section_data(a, rs->sh.sh_info)))
      return -1;
    size_t n = relocation_count(a, d, rela);
    for (size_t j = 0; j < n; j++) {
      struct relocation r = {0};
      GElf_Sym sym;
      const char *name;
      if (get_relocation(a, d, rela, j, &r) != 0) return -1;
      if (symbol_at(a, &t, r.symbol, &sym, &name) != 0) return -1;
      int64_t addend = r.addend;
      if (!r.has_addend) { /* REL: the addend is in the slot */
        if (!slots || !slots->d_buf || r.offset > slots->d_size || slots->d_size - r.offset < width)
          continue;
        addend = (int64_t)read_word((const unsigned char *)slots->d_buf + r.offset, width,
                                    o->big_endian);
        if (width == 4) addend = (int32_t)addend;
      }
      int hit = strcmp(name, RR_SOFTTICKS_INIT_SYMBOL) == 0
                    ? addend == 0
                    : sym.st_shndx != SHN_UNDEF &&
                          is_init_target(a, sym.st_shndx, sym.st_value + (uint64_t)addend);
      if (!hit) continue;
      o->init_array_entries++;
      /* GNU ld accepts a read-only .init_array input section, lld refuses
       * to put a dynamic relocation in it (PIE, shared objects). */
      if (!(target->sh.sh_flags & SHF_WRITE))
        st_add_warning(o, "%s is not writable: lld cannot link it into a PIE or shared object",
                       target->name);
      if (strcmp(target->name, RR_SOFTTICKS_INIT_ARRAY_SECTION) != 0)
        o->init_array_wrong_priority++;
    }
  }
  return 0;
}

/* Without a symbol table: whether the code at address is this build's
 * initializer, byte for byte. */
static int is_init_code(struct analysis *a, uint64_t address) {
#ifdef ST_HAVE_INIT_CODE
  const struct st_init_code *code = a->out->arch ? st_init_code_for(a->out->arch) : NULL;
  if (!code || !code->bytes || code->size == 0) return 0;
  for (size_t i = 1; i < a->section_count; i++) {
    const GElf_Shdr *sh = &a->sections[i].sh;
    if (!(sh->sh_flags & SHF_EXECINSTR) || sh->sh_type == SHT_NOBITS || address < sh->sh_addr ||
        address - sh->sh_addr >= sh->sh_size)
      continue;
    uint64_t off = address - sh->sh_addr; /* sections lie inside the image (load_sections) */
    if (sh->sh_size - off < code->size) return 0;
    if (memcmp(a->image + sh->sh_offset + off, code->bytes, code->size) != 0) return 0;
    unsigned k;
    for (k = 0; k < a->init_code_target_count; k++)
      if (a->init_code_targets[k] == address) break;
    if (k == a->init_code_target_count && k < MAX_INIT_DEFS)
      a->init_code_targets[a->init_code_target_count++] = address;
    return 1;
  }
#else
  (void)a;
  (void)address;
#endif
  return 0;
}

static int is_init_entry(struct analysis *a, uint64_t target) {
  return a->init_defs_known ? is_init_target(a, 0, target) : is_init_code(a, target);
}

/* A linked file: an entry holds the initializer's address, in place or
 * (PIE, shared objects with RELA) as the addend of an R_*_RELATIVE
 * relocation in .rela.dyn.  With symbols, the address is the symbol's;
 * without, an entry counts when its target is the initializer's code. */
struct slot {
  uint64_t address;
  uint64_t target;
};

static int slot_order(const void *x, const void *y) {
  const struct slot *p = x, *q = y;
  return p->address < q->address ? -1 : p->address > q->address;
}

/* Comparing code is dearer than comparing addresses: a stripped file gets
 * this many entries checked (programs have a few dozen constructors). */
#define MAX_CODE_CHECKED_ENTRIES 4096

static int count_init_entries_linked(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t width = o->elf_class == 64 ? 8 : 4;
  struct slot *slots = NULL;
  size_t n = 0, capacity = 0;
  int rc = 0;
  /* Every slot of every .init_array, in address order... */
  for (size_t i = 1; i < a->section_count && rc == 0; i++) {
    const struct section *s = &a->sections[i];
    if (!is_init_array(s) || s->sh.sh_type == SHT_NOBITS) continue;
    Elf_Data *d = section_data(a, i);
    if (!d) {
      rc = -1;
      break;
    }
    size_t k = d->d_buf ? d->d_size / width : 0;
    if (k == 0) continue;
    if (n + k > capacity) { /* doubling: many small arrays stay linear */
      size_t want = capacity ? 2 * capacity : 64;
      while (want < n + k) want *= 2;
      struct slot *grown = realloc(slots, want * sizeof *slots);
      if (!grown) {
        rc = fail(a, "out of memory for %s", s->name);
        break;
      }
      slots = grown;
      capacity = want;
    }
    for (size_t j = 0; j < k; j++)
      slots[n + j] = (struct slot){
          s->sh.sh_addr + j * width,
          read_word((const unsigned char *)d->d_buf + j * width, width, o->big_endian)};
    n += k;
  }
  if (rc == 0 && n > 0) {
    qsort(slots, n, sizeof *slots, slot_order);
    /* ... then the RELATIVE relocations that fill them at load time (REL
     * and RELR keep the address in the slot itself). */
    unsigned relative = relative_type(o->machine);
    for (size_t r = 1; r < a->section_count && rc == 0; r++) {
      if (a->sections[r].sh.sh_type != SHT_RELA) continue;
      Elf_Data *rd = section_data(a, r);
      if (!rd) {
        rc = -1;
        break;
      }
      size_t m = relocation_count(a, rd, 1);
      for (size_t j = 0; j < m; j++) {
        struct relocation rel = {0};
        if (get_relocation(a, rd, 1, j, &rel) != 0) {
          rc = -1;
          break;
        }
        if (rel.type != relative) continue;
        struct slot key = {rel.offset, 0};
        struct slot *hit = bsearch(&key, slots, n, sizeof *slots, slot_order);
        if (hit) hit->target = (uint64_t)rel.addend;
      }
    }
    for (size_t k = 0; k < n && rc == 0; k++) {
      if (!a->init_defs_known && k == MAX_CODE_CHECKED_ENTRIES) {
        st_add_warning(o, "only the first %d .init_array entries were compared with the"
                          " initializer's code", MAX_CODE_CHECKED_ENTRIES);
        break;
      }
      if (is_init_entry(a, slots[k].target)) o->init_array_entries++;
    }
  }
  free(slots);
  return rc;
}

/* ---------------------------------------------------------------------- */

static int has_ticks(const struct st_inspection *o) {
  for (int arch = 1; arch < ST_ARCH_SLOTS; arch++)
    if (o->ticks_by_arch[arch]) return 1;
  return 0;
}

static int analyse(struct analysis *a, unsigned char *image, size_t size) {
  struct st_inspection *o = a->out;
  a->elf = elf_memory((char *)image, size);
  if (!a->elf) return fail_elf(a, "not a readable ELF file");
  if (elf_kind(a->elf) != ELF_K_ELF) return fail(a, "not a readable ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(a->elf, &eh)) return fail_elf(a, "ELF header");
  int elf_class = gelf_getclass(a->elf);
  if (!is_elf_class_ok(elf_class)) return fail(a, "unknown ELF class %d", elf_class);
  o->elf_class = elf_class == ELFCLASS64 ? 64 : 32;
  o->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
  o->machine = eh.e_machine;
  o->elf_type = eh.e_type;
  o->arch = arch_of(eh.e_machine, elf_class);

  if (check_header_tables(a, &eh) != 0) return -1;
  if (load_sections(a) != 0) return -1;
  if (read_segments(a, image) != 0) return -1;
  if (!o->has_sections) return 0;
  if (read_notes_in_sections(a) != 0) return -1;
  if (o->elf_type == ET_DYN && read_dynamic(a) != 0) return -1;
  if (read_symbols(a) != 0) return -1;
  if (scan_code(a) != 0) return -1;
  if (a->init_defs_known > 0) {
    int rc = o->elf_type == ET_REL ? count_init_entries_relocatable(a)
                                   : count_init_entries_linked(a);
    if (rc != 0) return -1;
  } else if (!o->init_checked && o->elf_type != ET_REL && (has_ticks(o) || o->abi_note_sections)) {
    /* Stripped: recognize the initializer by its code. */
    if (count_init_entries_linked(a) != 0) return -1;
    if (o->init_array_entries > 0) {
      o->init_checked = 1;
      o->init_by_code = 1;
      o->init_definitions = a->init_code_target_count;
    }
  }
  return 0;
}

void st_inspect_image(unsigned char *image, size_t size, unsigned flags,
                      struct st_inspection *out) {
  static int libelf_ready;
  memset(out, 0, sizeof *out);
  out->abi_version = out->abi_other_version = -1;
  if (size < SELFMAG || memcmp(image, ELFMAG, SELFMAG) != 0) {
    out->verdict = ST_VERDICT_NOT_ELF;
    return;
  }
  if (!libelf_ready) {
    if (elf_version(EV_CURRENT) == EV_NONE) {
      snprintf(out->error, sizeof out->error, "libelf: %s", elf_errmsg(-1));
      out->verdict = ST_VERDICT_ERROR;
      return;
    }
    libelf_ready = 1;
  }
  struct analysis a = {.image = image,
                       .image_size = size,
                       .out = out,
                       .want_functions = (flags & ST_INSPECT_FUNCTIONS) != 0,
                       .file_mapping = (flags & ST_INSPECT_FILE_MAPPING) != 0};
  int rc = analyse(&a, image, size);
  if (a.elf) elf_end(a.elf);
  free(a.sections);
  free(a.charged);
  if (rc != 0) return; /* verdict and error already set */
  for (int arch = 1; arch < ST_ARCH_SLOTS; arch++) out->tick_sites += out->ticks_by_arch[arch];
  st_decide_verdict(out);
}

void st_inspection_free(struct st_inspection *insp) {
  for (size_t i = 0; i < insp->function_count; i++) free(insp->functions[i].name);
  free(insp->functions);
  insp->functions = NULL;
  insp->function_count = 0;
}
