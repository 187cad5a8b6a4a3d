/* Mappings and modules of a traced process; see address_space.h. */
#include "address_space.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void free_maps(struct st_address_space *as) {
  size_t i;
  for (i = 0; i < as->map_count; i++) free(as->maps[i].path);
  free(as->maps);
  as->maps = NULL;
  as->map_count = 0;
}

int st_address_space_refresh(struct st_address_space *as, pid_t pid) {
  char path[64], line[4096];
  FILE *f;
  size_t cap = 0;
  snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
  free_maps(as);
  if (!(f = fopen(path, "re"))) return -1;
  while (fgets(line, sizeof line, f)) {
    unsigned long long start, end, offset;
    char perms[8];
    int name_at = 0;
    struct st_mapping *m;
    size_t len;
    if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %n", &start, &end, perms, &offset, &name_at) < 4)
      continue;
    if (as->map_count == cap) {
      struct st_mapping *grown;
      cap = cap ? 2 * cap : 64;
      if (!(grown = realloc(as->maps, cap * sizeof *grown))) break;
      as->maps = grown;
    }
    m = &as->maps[as->map_count++];
    m->start = start;
    m->end = end;
    m->offset = offset;
    m->readable = perms[0] == 'r';
    m->writable = perms[1] == 'w';
    m->executable = perms[2] == 'x';
    m->path = NULL;
    len = strlen(line);
    if (len && line[len - 1] == '\n') line[--len] = 0;
    if (name_at > 0 && (size_t)name_at < len) m->path = strdup(line + name_at);
  }
  fclose(f);
  return 0;
}

void st_address_space_free(struct st_address_space *as) {
  size_t i;
  free_maps(as);
  for (i = 0; i < as->module_count; i++) {
    st_elf_module_free(as->modules[i]);
    free(as->modules[i]);
  }
  free(as->modules);
  for (i = 0; i < as->unreadable_count; i++) free(as->unreadable[i]);
  free(as->unreadable);
  memset(as, 0, sizeof *as);
}

const struct st_mapping *st_address_space_find(const struct st_address_space *as, uint64_t addr) {
  size_t i;
  for (i = 0; i < as->map_count; i++)
    if (addr >= as->maps[i].start && addr < as->maps[i].end) return &as->maps[i];
  return NULL;
}

const struct st_elf_module *st_address_space_module(struct st_address_space *as,
                                                    const struct st_mapping *m) {
  size_t i;
  char err[256];
  struct st_elf_module mod, *kept, **grown;
  char **ugrown;
  if (!m->path || m->path[0] != '/') return NULL;
  for (i = 0; i < as->module_count; i++)
    if (strcmp(as->modules[i]->path, m->path) == 0) return as->modules[i];
  for (i = 0; i < as->unreadable_count; i++)
    if (strcmp(as->unreadable[i], m->path) == 0) return NULL;
  if (st_elf_module_load(m->path, &mod, err, sizeof err) != 0) {
    if ((ugrown = realloc(as->unreadable, (as->unreadable_count + 1) * sizeof *ugrown))) {
      as->unreadable = ugrown;
      as->unreadable[as->unreadable_count] = strdup(m->path);
      if (as->unreadable[as->unreadable_count]) as->unreadable_count++;
    }
    return NULL;
  }
  kept = malloc(sizeof *kept);
  grown = kept ? realloc(as->modules, (as->module_count + 1) * sizeof *grown) : NULL;
  if (!grown) {
    free(kept);
    st_elf_module_free(&mod);
    return NULL;
  }
  *kept = mod;
  as->modules = grown;
  as->modules[as->module_count++] = kept;
  return kept;
}

static uint64_t st_page_size(void) {
  long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? (uint64_t)page : 4096;
}

/* Runtime address minus link-time address for a file mapping. */
static int mapping_bias(const struct st_elf_module *mod, const struct st_mapping *m,
                        uint64_t *bias) {
  uint64_t vaddr;
  if (st_elf_mapping_vaddr(mod, m->offset, m->executable, st_page_size(), &vaddr) != 0) return -1;
  *bias = m->start - vaddr;
  return 0;
}

void st_address_space_locate(struct st_address_space *as, uint64_t pc, struct st_location *loc) {
  uint64_t bias;
  memset(loc, 0, sizeof *loc);
  loc->mapping = st_address_space_find(as, pc);
  if (!loc->mapping) return;
  loc->module = st_address_space_module(as, loc->mapping);
  if (!loc->module || mapping_bias(loc->module, loc->mapping, &bias) != 0) return;
  loc->function = st_elf_find_function(loc->module, pc - bias);
  if (loc->function) {
    loc->function_start = loc->function->addr + bias;
    loc->offset = pc - loc->function_start;
  }
}

void st_address_space_instrumented(struct st_address_space *as, int with_untracked,
                                   st_function_visitor fn, void *ctx) {
  size_t i, k;
  for (i = 0; i < as->map_count; i++) {
    const struct st_mapping *m = &as->maps[i];
    const struct st_elf_module *mod;
    uint64_t bias;
    if (!m->executable || !(mod = st_address_space_module(as, m)) || !mod->has_note) continue;
    if (mapping_bias(mod, m, &bias) != 0) continue;
    for (k = 0; k < mod->function_count; k++) {
      const struct st_function *f = &mod->functions[k];
      uint64_t start = f->addr + bias;
      if ((f->instrumented || (with_untracked && f->untracked)) && start >= m->start && start + f->size <= m->end)
        fn(ctx, start, start + f->size, mod, f);
    }
  }
}
