/* One ELF module on disk, read with libelf; see elf_module.h. */
#include "elf_module.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch.h"
#include "elf_access.h"

static int compare_functions(const void *a, const void *b) {
  const struct st_function *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  /* Among aliases keep the larger, then the global-looking (shorter) name. */
  if (x->size != y->size) return x->size > y->size ? -1 : 1;
  return strcmp(x->name, y->name);
}

static void read_note(Elf *elf, int big_endian, struct st_elf_module *mod) {
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) return;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    GElf_Shdr sh;
    Elf_Data *data;
    const char *name;
    size_t off = 0, name_off, desc_off;
    GElf_Nhdr nh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE) continue;
    name = elf_strptr(elf, shstrndx, sh.sh_name);
    if (!name || strcmp(name, RR_SOFTTICKS_NOTE_SECTION) != 0) continue;
    if (!(data = elf_getdata(scn, NULL))) continue;
    while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) != 0)
      if (st_abi_note_version(data, &nh, name_off, desc_off, big_endian, &mod->abi_version))
        mod->has_note = 1;
  }
}

static int read_loads(Elf *elf, struct st_elf_module *mod) {
  size_t n, i;
  if (elf_getphdrnum(elf, &n) != 0) return -1;
  mod->loads = calloc(n ? n : 1, sizeof *mod->loads);
  if (!mod->loads) return -1;
  for (i = 0; i < n; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD) continue;
    mod->loads[mod->load_count].offset = ph.p_offset;
    mod->loads[mod->load_count].vaddr = ph.p_vaddr;
    mod->loads[mod->load_count].filesz = ph.p_filesz;
    mod->loads[mod->load_count].executable = (ph.p_flags & PF_X) != 0;
    mod->load_count++;
  }
  return 0;
}

/* The executable section holding [addr, addr + size), for its bytes. */
static const unsigned char *function_code(Elf *elf, const unsigned char *file, size_t file_size,
                                          uint64_t addr, uint64_t size) {
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
      continue;
    if (addr >= sh.sh_addr && addr + size <= sh.sh_addr + sh.sh_size &&
        sh.sh_offset + (addr - sh.sh_addr) + size <= file_size)
      return file + sh.sh_offset + (addr - sh.sh_addr);
  }
  return NULL;
}

static int read_functions(Elf *elf, const unsigned char *file, size_t file_size,
                          struct st_elf_module *mod, struct st_coverage_aliases *aliases) {
  Elf_Scn *scn = NULL;
  size_t cap = 0, i, out;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    GElf_Shdr sh;
    Elf_Data *data;
    size_t count, k;
    if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
      continue;
    if (!(data = elf_getdata(scn, NULL)) || !sh.sh_entsize) continue;
    count = sh.sh_size / sh.sh_entsize;
    for (k = 1; k < count; k++) {
      GElf_Sym sym;
      const char *name;
      struct st_function *f;
      if (!gelf_getsym(data, (int)k, &sym)) continue;
      if ((GELF_ST_TYPE(sym.st_info) != STT_FUNC && GELF_ST_TYPE(sym.st_info) != STT_GNU_IFUNC) ||
          sym.st_shndx == SHN_UNDEF || sym.st_size == 0)
        continue;
      name = elf_strptr(elf, sh.sh_link, sym.st_name);
      if (!name) continue;
      if (mod->function_count == cap) {
        struct st_function *grown;
        cap = cap ? 2 * cap : 256;
        grown = realloc(mod->functions, cap * sizeof *grown);
        if (!grown) return -1;
        mod->functions = grown;
      }
      f = &mod->functions[mod->function_count++];
      f->addr = sym.st_value;
      f->size = sym.st_size;
      f->name = strdup(name);
      f->instrumented = 0;
      f->untracked = 0;
      f->ifunc = GELF_ST_TYPE(sym.st_info) == STT_GNU_IFUNC;
      f->shndx = sym.st_shndx < SHN_LORESERVE ? sym.st_shndx : 0;
      if (!f->name) return -1;
    }
  }
  if (!mod->function_count) return 0;
  qsort(mod->functions, mod->function_count, sizeof *mod->functions, compare_functions);
  /* One entry per address (symtab and dynsym repeat each other). */
  for (i = 1, out = 1; i < mod->function_count; i++) {
    if (mod->functions[i].addr == mod->functions[out - 1].addr) {
      mod->functions[out - 1].ifunc |= mod->functions[i].ifunc;
      if (strcmp(mod->functions[i].name, mod->functions[out - 1].name) == 0)
        free(mod->functions[i].name); /* .symtab and .dynsym name it twice */
      else
        st_coverage_aliases_add(aliases, mod->functions[i].name, out - 1);
      continue;
    }
    mod->functions[out++] = mod->functions[i];
  }
  mod->function_count = out;
  if (!mod->arch_known) return 0;
  for (i = 0; i < mod->function_count; i++) {
    struct st_function *f = &mod->functions[i];
    const unsigned char *code = function_code(elf, file, file_size, f->addr, f->size);
    f->instrumented = code && st_code_has_tick(mod->arch, code, f->size, f->addr);
    mod->instrumented_count += (size_t)f->instrumented;
  }
  return 0;
}

/* The name of section shndx (NULL for 0 or an unreadable header). */
static const char *section_name(Elf *elf, size_t shstrndx, size_t shndx) {
  Elf_Scn *scn = shndx ? elf_getscn(elf, shndx) : NULL;
  GElf_Shdr sh;
  if (!scn || !gelf_getshdr(scn, &sh)) return NULL;
  return elf_strptr(elf, shstrndx, sh.sh_name);
}

/* Which functions carry no tick (tools/base/tick_coverage.c), for a
 * module with the note: the same rule as softticks-inspect's. */
static int classify_functions(Elf *elf, struct st_elf_module *mod,
                              const struct st_coverage_aliases *aliases) {
  struct st_coverage_item *items;
  size_t shstrndx, i;
  int rc;
  if (!mod->has_note || !mod->arch_known || !mod->function_count) return 0;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) return 0;
  items = calloc(mod->function_count, sizeof *items);
  if (!items) return -1;
  for (i = 0; i < mod->function_count; i++) {
    const struct st_function *f = &mod->functions[i];
    items[i].name = f->name;
    items[i].section = section_name(elf, shstrndx, f->shndx);
    items[i].size = f->size;
    items[i].has_tick = f->instrumented;
    items[i].ifunc = f->ifunc;
  }
  rc = st_coverage_classify(items, mod->function_count, aliases->names, aliases->count,
                            &mod->coverage);
  for (i = 0; rc == 0 && i < mod->function_count; i++)
    mod->functions[i].untracked = items[i].cls == ST_TICK_CLASS_UNTRACKED;
  free(items);
  if (rc != 0) return -1;
  mod->coverage_checked = 1;
  return 0;
}

int st_elf_module_load(const char *path, struct st_elf_module *out, char *err, size_t errlen) {
  int fd, rc = -1;
  struct stat st;
  unsigned char *file = MAP_FAILED;
  Elf *elf = NULL;
  GElf_Ehdr eh;
  struct st_coverage_aliases aliases = ST_COVERAGE_ALIASES_INIT;

  memset(out, 0, sizeof *out);
  if (st_libelf_init(err, errlen) != 0) return -1;
  fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) {
    snprintf(err, errlen, "%s: cannot read", path);
    goto done;
  }
  file = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (file == MAP_FAILED) {
    snprintf(err, errlen, "%s: cannot map", path);
    goto done;
  }
  elf = elf_memory((char *)file, (size_t)st.st_size);
  if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    snprintf(err, errlen, "%s: not an ELF file", path);
    goto done;
  }
  out->path = strdup(path);
  out->arch = st_arch_of_elf(eh.e_machine, eh.e_ident[EI_CLASS]);
  out->arch_known = out->arch != 0;
  read_note(elf, eh.e_ident[EI_DATA] == ELFDATA2MSB, out);
  if (!out->path || read_loads(elf, out) != 0 ||
      read_functions(elf, file, (size_t)st.st_size, out, &aliases) != 0 ||
      classify_functions(elf, out, &aliases) != 0) {
    snprintf(err, errlen, "%s: malformed ELF or out of memory", path);
    goto done;
  }
  rc = 0;
done:
  st_coverage_aliases_free(&aliases);
  if (elf) elf_end(elf);
  if (file != MAP_FAILED) munmap(file, (size_t)st.st_size);
  if (fd >= 0) close(fd);
  if (rc != 0) st_elf_module_free(out);
  return rc;
}

void st_elf_module_free(struct st_elf_module *mod) {
  size_t i;
  for (i = 0; i < mod->function_count; i++) free(mod->functions[i].name);
  free(mod->functions);
  free(mod->loads);
  free(mod->path);
  memset(mod, 0, sizeof *mod);
}

const struct st_function *st_elf_find_function(const struct st_elf_module *mod, uint64_t addr) {
  size_t lo = 0, hi = mod->function_count;
  /* Last function starting at or before addr. */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (mod->functions[mid].addr <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0) return NULL;
  {
    const struct st_function *f = &mod->functions[lo - 1];
    return addr < f->addr + f->size ? f : NULL;
  }
}

int st_elf_offset_to_vaddr(const struct st_elf_module *mod, uint64_t offset, uint64_t *vaddr) {
  size_t i;
  for (i = 0; i < mod->load_count; i++) {
    const struct st_load_segment *l = &mod->loads[i];
    if (offset >= l->offset && offset < l->offset + l->filesz) {
      *vaddr = l->vaddr + (offset - l->offset);
      return 0;
    }
  }
  return -1;
}

int st_elf_mapping_vaddr(const struct st_elf_module *mod, uint64_t map_offset, int executable,
                         uint64_t page_size, uint64_t *vaddr) {
  const struct st_load_segment *best = NULL;
  size_t i;
  for (i = 0; i < mod->load_count; i++) {
    const struct st_load_segment *l = &mod->loads[i];
    uint64_t first_page = l->offset & ~(page_size - 1);
    if (map_offset < first_page || map_offset >= l->offset + l->filesz) continue;
    if (!best || (l->executable == !!executable && best->executable != !!executable)) best = l;
  }
  if (!best) return -1;
  /* Segments keep offset and address congruent modulo the page size, so
   * this lands on the page-aligned address the mapping starts at. */
  *vaddr = best->vaddr - (best->offset - map_offset);
  return 0;
}
