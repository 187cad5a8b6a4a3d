/* Tick placement: see placement.h for the rules. */
#include "placement.h"

#include <stdlib.h>
#include <string.h>

/* Successor lists in compressed form: succ[first[b] .. first[b+1]). */
struct adjacency {
  unsigned *first;
  unsigned *succ;
};

static int build_adjacency(const struct st_cfg *cfg, struct adjacency *adj) {
  unsigned n = cfg->nblocks, i;
  adj->first = calloc((size_t)n + 1, sizeof *adj->first);
  adj->succ = malloc(((size_t)cfg->nedges + 1) * sizeof *adj->succ);
  if (!adj->first || !adj->succ) return -1;
  for (i = 0; i < cfg->nedges; i++) {
    if (cfg->edges[i].from >= n || cfg->edges[i].to >= n) return -1;
    adj->first[cfg->edges[i].from + 1]++;
  }
  for (i = 0; i < n; i++) adj->first[i + 1] += adj->first[i];
  {
    unsigned *fill = malloc(((size_t)n + 1) * sizeof *fill);
    if (!fill) return -1;
    memcpy(fill, adj->first, ((size_t)n + 1) * sizeof *fill);
    for (i = 0; i < cfg->nedges; i++) adj->succ[fill[cfg->edges[i].from]++] = cfg->edges[i].to;
    free(fill);
  }
  return 0;
}

enum { WHITE = 0, GRAY = 1, BLACK = 2 };

/* Iterative depth-first walk from `root`; marks the target of every edge
 * that leads to a block still on the stack (GRAY). */
static int walk(const struct adjacency *adj, unsigned root, unsigned char *color,
                unsigned *stack, unsigned *next_edge, unsigned *tick) {
  unsigned depth = 0;
  stack[depth++] = root;
  color[root] = GRAY;
  next_edge[root] = adj->first[root];
  while (depth) {
    unsigned b = stack[depth - 1];
    if (next_edge[b] == adj->first[b + 1]) {
      color[b] = BLACK;
      depth--;
      continue;
    }
    {
      unsigned s = adj->succ[next_edge[b]++];
      if (color[s] == GRAY) {
        tick[s] |= ST_TICK_CYCLE;
      } else if (color[s] == WHITE) {
        color[s] = GRAY;
        next_edge[s] = adj->first[s];
        stack[depth++] = s;
      }
    }
  }
  return 0;
}

/* A block that cannot hold code passes its tick on to its successors,
 * through any chain of such blocks.  `work` has room for every block. */
static int pass_on_ticks(const struct st_cfg *cfg, const struct adjacency *adj,
                         unsigned *tick, unsigned *work) {
  unsigned n = cfg->nblocks, top = 0, b, e;
  unsigned char *queued = calloc(n, 1);
  if (!queued) return -1;
  for (b = 0; b < n; b++)
    if (tick[b] && (cfg->flags[b] & ST_BLOCK_NO_CODE)) {
      queued[b] = 1;
      work[top++] = b;
    }
  while (top) {
    b = work[--top];
    for (e = adj->first[b]; e < adj->first[b + 1]; e++) {
      unsigned s = adj->succ[e];
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
  return 0;
}

int st_place(const struct st_cfg *cfg, unsigned *tick) {
  unsigned n = cfg->nblocks, b;
  struct adjacency adj = {0, 0};
  unsigned char *color = NULL;
  unsigned *stack = NULL, *next_edge = NULL;
  int rc = -1;

  if (n == 0) return 0;
  memset(tick, 0, (size_t)n * sizeof *tick);
  color = calloc(n, 1);
  stack = malloc((size_t)n * sizeof *stack);
  next_edge = malloc((size_t)n * sizeof *next_edge);
  if (!color || !stack || !next_edge || build_adjacency(cfg, &adj) != 0) goto out;

  tick[0] |= ST_TICK_ENTRY;
  walk(&adj, 0, color, stack, next_edge, tick);
  /* Blocks the entry does not reach (only through edges the plugin could
   * not describe): walk them too, so their cycles tick as well. */
  for (b = 1; b < n; b++)
    if (color[b] == WHITE) walk(&adj, b, color, stack, next_edge, tick);

  if (cfg->flags) {
    /* stack is free again: reuse it as the work list (each block is
     * pushed at most once). */
    if (pass_on_ticks(cfg, &adj, tick, stack) != 0) goto out;
    for (b = 0; b < n; b++)
      if (cfg->flags[b] & ST_BLOCK_LEADING_RETURNS_TWICE) tick[b] = 0;
  }
  rc = 0;
out:
  if (rc != 0) memset(tick, 0, (size_t)n * sizeof *tick);
  free(color);
  free(stack);
  free(next_edge);
  free(adj.first);
  free(adj.succ);
  return rc;
}
