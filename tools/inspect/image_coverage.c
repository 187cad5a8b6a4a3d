/*
 * Functions without a tick: the module's function symbols and the sites
 * image_scan_code attributed to them, classified by the rule both tools
 * share (tools/base/tick_coverage.c).
 */
#include <stdlib.h>

#include "image_analysis.h"

int image_classify_functions(struct analysis *a) {
  struct st_inspection *o = a->out;
  struct st_coverage_item *items;
  if (!o->symbols_from || o->function_count == 0) return 0;
  items = calloc(o->function_count, sizeof *items);
  if (!items) return image_fail(a, "out of memory for functions");
  for (size_t i = 0; i < o->function_count; i++) {
    const struct st_function_ticks *f = &o->functions[i];
    items[i].name = f->name;
    items[i].section = f->shndx < a->section_count ? a->sections[f->shndx].name : NULL;
    items[i].size = f->size;
    items[i].has_tick = f->ticks > 0;
    items[i].ifunc = f->ifunc;
  }
  int rc = st_coverage_classify(items, o->function_count, a->aliases.names, a->aliases.count,
                                &o->coverage);
  for (size_t i = 0; i < o->function_count; i++) o->functions[i].cls = items[i].cls;
  free(items);
  if (rc != 0) return image_fail(a, "out of memory for functions");
  o->coverage_checked = 1;
  return 0;
}
