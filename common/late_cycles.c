/* Ticks for cycles made after placement: see late_cycles.h. */
#include "late_cycles.h"

#include <stdlib.h>
#include <string.h>

#include "graph.h"

struct choice {
  const unsigned *cost, *order;
  unsigned char *add;
  int added;
};

/* One tick per cyclic component, at its cheapest, earliest-reached block;
 * the caller repeats until no component is cyclic. */
static void pick(const unsigned *blocks, unsigned size, void *arg) {
  struct choice *c = arg;
  unsigned best = blocks[0], i;
  for (i = 1; i < size; i++) {
    unsigned b = blocks[i];
    unsigned cb = c->cost ? c->cost[b] : 0, cbest = c->cost ? c->cost[best] : 0;
    if (cb < cbest || (cb == cbest && c->order[b] < c->order[best])) best = b;
  }
  c->add[best] = 1;
  c->added++;
}

int st_cut_late_cycles(const struct st_cfg *cfg, const unsigned char *ticked,
                       const unsigned *cost, unsigned char *add) {
  struct st_graph g;
  unsigned n = cfg->nblocks, b;
  int result = -1;
  unsigned *order = NULL;
  unsigned char *cut = NULL;
  memset(add, 0, n);
  if (n == 0) return 0;
  order = malloc(n * sizeof *order);
  cut = malloc(n);
  if (st_cfg_graph(cfg, &g) != 0 || !order || !cut || st_graph_dfs(&g, order, NULL, NULL) != 0)
    goto out;
  {
    struct choice c = {cost, order, add, 0};
    int before;
    do {
      before = c.added;
      for (b = 0; b < n; b++) cut[b] = (ticked && ticked[b]) || add[b];
      if (st_graph_cycles(&g, cut, pick, &c) != 0) goto out;
    } while (c.added != before);
    result = c.added;
  }
out:
  if (result < 0) memset(add, 0, n);
  st_graph_free(&g);
  free(order);
  free(cut);
  return result;
}
