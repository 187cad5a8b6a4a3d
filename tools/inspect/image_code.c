/*
 * Tick sites in the image's code: every executable section (or segment)
 * scanned in windows, each site attributed to the function it is in.
 */
#define _GNU_SOURCE /* madvise, MADV_DONTNEED with -std=c11 */
#include <sys/mman.h>
#include <unistd.h>

#include "image_analysis.h"

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

void image_scan_chunks(struct analysis *a, const unsigned char *bytes, size_t size,
                           uint64_t address, st_tick_site_fn on_site, void *ctx) {
  struct scan_context c = {a, ctx, on_site};
  st_scan_ticks_chunked(bytes, size, SCAN_CHUNK, address, a->out->ticks_by_arch, forward_site,
                        size > SCAN_CHUNK ? drop_scanned_pages : NULL, &c);
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

int image_scan_code(struct analysis *a) {
  struct st_inspection *o = a->out;
  for (size_t i = 1; i < a->section_count; i++) {
    const struct section *s = &a->sections[i];
    if (!(s->sh.sh_flags & SHF_EXECINSTR)) continue;
    o->code_sections++;
    if (s->sh.sh_type == SHT_NOBITS) o->code_sections_nobits++;
    if (s->sh.sh_type == SHT_NOBITS || s->sh.sh_size == 0) continue;
    Elf_Data *d = image_section_data(a, i);
    if (!d) return -1;
    if (!d->d_buf) continue;
    struct site_context c = {o, o->elf_type == ET_REL ? (unsigned)i : 0};
    image_scan_chunks(a, d->d_buf, d->d_size, s->sh.sh_addr,
                   a->collect_functions ? count_site_in_function : NULL, &c);
  }
  return 0;
}

