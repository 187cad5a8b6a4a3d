/*
 * The initializer's .init_array entries: through relocations in a .o,
 * by address (or RELATIVE relocation) in a linked file, and by the
 * initializer's own machine code in a file without symbols.
 */
#include <stdlib.h>
#include <string.h>

#include "image_analysis.h"
#include "verdict.h"

#ifndef R_AARCH64_RELATIVE
#define R_AARCH64_RELATIVE 1027
#endif

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
    if (!gelf_getrela(d, (int)j, &x)) return image_fail_elf(a, "relocation");
    *r = (struct relocation){x.r_offset, GELF_R_TYPE(x.r_info), GELF_R_SYM(x.r_info), x.r_addend, 1};
  } else {
    GElf_Rel x;
    if (!gelf_getrel(d, (int)j, &x)) return image_fail_elf(a, "relocation");
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
int image_count_init_entries_relocatable(struct analysis *a) {
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
      return image_fail(a, "relocation section %s: bad symbol table link", rs->name);
    struct symbol_table t;
    if (image_open_symbol_table(a, rs->sh.sh_link, &t) != 0) return -1;
    Elf_Data *d = image_section_data(a, i);
    if (!d) return -1;
    Elf_Data *slots = NULL;
    if (!rela && target->sh.sh_type != SHT_NOBITS && !(slots = image_section_data(a, rs->sh.sh_info)))
      return -1;
    size_t n = relocation_count(a, d, rela);
    for (size_t j = 0; j < n; j++) {
      struct relocation r = {0};
      GElf_Sym sym;
      const char *name;
      if (get_relocation(a, d, rela, j, &r) != 0) return -1;
      if (image_symbol_at(a, &t, r.symbol, &sym, &name) != 0) return -1;
      int64_t addend = r.addend;
      if (!r.has_addend) { /* REL: the addend is in the slot */
        if (!slots || !slots->d_buf || r.offset > slots->d_size || slots->d_size - r.offset < width)
          continue;
        addend = (int64_t)image_read_word((const unsigned char *)slots->d_buf + r.offset, width,
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

/* Without a symbol table: whether the code at address is the ABI's
 * initializer (the header's table), byte for byte. */
static int is_init_code(struct analysis *a, uint64_t address) {
  size_t size = 0;
  const unsigned char *code = a->out->arch ? rr_softticks_init_code(a->out->arch, &size) : NULL;
  if (!code || size == 0) return 0;
  for (size_t i = 1; i < a->section_count; i++) {
    const GElf_Shdr *sh = &a->sections[i].sh;
    if (!(sh->sh_flags & SHF_EXECINSTR) || sh->sh_type == SHT_NOBITS || address < sh->sh_addr ||
        address - sh->sh_addr >= sh->sh_size)
      continue;
    uint64_t off = address - sh->sh_addr; /* sections lie inside the image (load_sections) */
    if (sh->sh_size - off < size) return 0;
    if (memcmp(a->image + sh->sh_offset + off, code, size) != 0) return 0;
    unsigned k;
    for (k = 0; k < a->init_code_target_count; k++)
      if (a->init_code_targets[k] == address) break;
    if (k == a->init_code_target_count && k < MAX_INIT_DEFS)
      a->init_code_targets[a->init_code_target_count++] = address;
    return 1;
  }
  return 0;
}

static int is_init_entry(struct analysis *a, uint64_t target) {
  return a->init_defs_known ? is_init_target(a, 0, target) : is_init_code(a, target);
}

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

/* A linked file: an entry holds the initializer's address, in place or
 * (PIE, shared objects with RELA) as the addend of an R_*_RELATIVE
 * relocation in .rela.dyn.  With symbols, the address is the symbol's;
 * without, an entry counts when its target is the initializer's code. */
int image_count_init_entries_linked(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t width = o->elf_class == 64 ? 8 : 4;
  struct slot *slots = NULL;
  size_t n = 0, capacity = 0;
  int rc = 0;
  /* Every slot of every .init_array, in address order... */
  for (size_t i = 1; i < a->section_count && rc == 0; i++) {
    const struct section *s = &a->sections[i];
    if (!is_init_array(s) || s->sh.sh_type == SHT_NOBITS) continue;
    Elf_Data *d = image_section_data(a, i);
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
        rc = image_fail(a, "out of memory for %s", s->name);
        break;
      }
      slots = grown;
      capacity = want;
    }
    for (size_t j = 0; j < k; j++)
      slots[n + j] = (struct slot){
          s->sh.sh_addr + j * width,
          image_read_word((const unsigned char *)d->d_buf + j * width, width, o->big_endian)};
    n += k;
  }
  if (rc == 0 && n > 0) {
    qsort(slots, n, sizeof *slots, slot_order);
    /* ... then the RELATIVE relocations that fill them at load time (REL
     * and RELR keep the address in the slot itself). */
    unsigned relative = relative_type(o->machine);
    for (size_t r = 1; r < a->section_count && rc == 0; r++) {
      if (a->sections[r].sh.sh_type != SHT_RELA) continue;
      Elf_Data *rd = image_section_data(a, r);
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

