/* Tick placement: see placement.h for the rules. */
#include "placement.h"

#include <stdlib.h>
#include <string.h>

#include "graph.h"

int st_cfg_graph(const struct st_cfg *cfg, struct st_graph *g) {
  unsigned i;
  st_graph_init(g, cfg->nblocks);
  for (i = 0; i < cfg->nedges; i++)
    if (st_graph_add_edge(g, cfg->edges[i].from, cfg->edges[i].to)) return -1;
  return st_graph_finish(g, 0);
}

/* Rule 2: the target of a retreating edge ticks. */
static void cycle_head(unsigned from, unsigned to, void *tick) {
  (void)from;
  ((unsigned *)tick)[to] |= ST_TICK_CYCLE;
}

/* A block that cannot hold code passes its tick on to its successors,
 * through any chain of such blocks. */
static int pass_on_ticks(const struct st_cfg *cfg, const struct st_graph *g, unsigned *tick) {
  unsigned n = cfg->nblocks, top = 0, b, e;
  unsigned char *queued = calloc(n, 1);
  unsigned *work = malloc((size_t)n * sizeof *work); /* each block pushed at most once */
  if (!queued || !work) {
    free(queued);
    free(work);
    return -1;
  }
  for (b = 0; b < n; b++)
    if (tick[b] && (cfg->flags[b] & ST_BLOCK_NO_CODE)) {
      queued[b] = 1;
      work[top++] = b;
    }
  while (top) {
    b = work[--top];
    for (e = g->first[b]; e < g->first[b + 1]; e++) {
      unsigned s = g->succ[e];
      if (!(cfg->flags[s] & ST_BLOCK_NO_CODE)) {
        tick[s] |= ST_TICK_PASSED_ON;
      } else if (!queued[s]) {
        queued[s] = 1;
        work[top++] = s;
      }
    }
  }
  for (b = 0; b < n; b++)
    if (cfg->flags[b] & ST_BLOCK_NO_CODE) tick[b] = 0;
  free(queued);
  free(work);
  return 0;
}

int st_place(const struct st_cfg *cfg, unsigned *tick) {
  unsigned n = cfg->nblocks, b;
  struct st_graph g;
  int rc = -1;

  if (n == 0) return 0;
  memset(tick, 0, (size_t)n * sizeof *tick);
  if (st_cfg_graph(cfg, &g) != 0) goto out;

  tick[0] |= ST_TICK_ENTRY;
  /* The walk also starts from blocks the entry does not reach (only
   * through edges the plugin could not describe), so their cycles tick. */
  if (st_graph_dfs(&g, NULL, cycle_head, tick) != 0) goto out;

  if (cfg->flags) {
    if (pass_on_ticks(cfg, &g, tick) != 0) goto out;
    for (b = 0; b < n; b++)
      if (cfg->flags[b] & ST_BLOCK_LEADING_RETURNS_TWICE) tick[b] = 0;
  }
  rc = 0;
out:
  if (rc != 0) memset(tick, 0, (size_t)n * sizeof *tick);
  st_graph_free(&g);
  return rc;
}
