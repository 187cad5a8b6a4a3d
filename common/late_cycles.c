/* Ticks for cycles made after placement: see late_cycles.h. */
#include "late_cycles.h"

#include <stdlib.h>
#include <string.h>

struct graph {
  unsigned n;
  unsigned *first; /* successors of b: succ[first[b] .. first[b+1]) */
  unsigned *succ;
};

static int build(const struct st_cfg *cfg, struct graph *g) {
  unsigned i, n = cfg->nblocks;
  unsigned *fill;
  g->n = n;
  g->first = calloc((size_t)n + 1, sizeof *g->first);
  g->succ = malloc(((size_t)cfg->nedges + 1) * sizeof *g->succ);
  fill = malloc(((size_t)n + 1) * sizeof *fill);
  if (!g->first || !g->succ || !fill) {
    free(fill);
    return -1;
  }
  for (i = 0; i < cfg->nedges; i++) {
    if (cfg->edges[i].from >= n || cfg->edges[i].to >= n) {
      free(fill);
      return -1;
    }
    g->first[cfg->edges[i].from + 1]++;
  }
  for (i = 0; i < n; i++) g->first[i + 1] += g->first[i];
  memcpy(fill, g->first, ((size_t)n + 1) * sizeof *fill);
  for (i = 0; i < cfg->nedges; i++) g->succ[fill[cfg->edges[i].from]++] = cfg->edges[i].to;
  free(fill);
  return 0;
}

/* Depth-first preorder numbers from block 0 (unreached blocks after). */
static void preorder(const struct graph *g, unsigned *order, unsigned *stack, unsigned *next) {
  unsigned counter = 0, depth = 0, b;
  const unsigned unseen = (unsigned)-1;
  for (b = 0; b < g->n; b++) order[b] = unseen;
  for (b = 0; b < g->n; b++) {
    if (order[b] != unseen) continue;
    order[b] = counter++;
    stack[depth] = b;
    next[depth++] = g->first[b];
    while (depth) {
      unsigned top = stack[depth - 1];
      if (next[depth - 1] == g->first[top + 1]) {
        depth--;
        continue;
      }
      unsigned s = g->succ[next[depth - 1]++];
      if (order[s] != unseen) continue;
      order[s] = counter++;
      stack[depth] = s;
      next[depth++] = g->first[s];
    }
  }
}

struct tarjan {
  const struct graph *g;
  const unsigned char *cut; /* blocks out of the graph (they tick) */
  unsigned *index, *low, *stack, *call, *next;
  unsigned char *on_stack;
  unsigned counter, depth;
};

/* Tarjan's strongly connected components of the blocks not cut, without
 * recursion.  For each component that holds a cycle, visit(component,
 * size) is called with its blocks. */
static void components(struct tarjan *t, void (*visit)(const unsigned *, unsigned, void *),
                       void *arg) {
  const unsigned none = (unsigned)-1;
  unsigned n = t->g->n, root, top = 0;
  for (root = 0; root < n; root++) t->index[root] = none;
  t->counter = 0;
  for (root = 0; root < n; root++) {
    if (t->cut[root] || t->index[root] != none) continue;
    t->depth = 0;
    t->call[t->depth] = root;
    t->next[t->depth++] = t->g->first[root];
    t->index[root] = t->low[root] = t->counter++;
    t->stack[top++] = root;
    t->on_stack[root] = 1;
    while (t->depth) {
      unsigned b = t->call[t->depth - 1];
      if (t->next[t->depth - 1] < t->g->first[b + 1]) {
        unsigned s = t->g->succ[t->next[t->depth - 1]++];
        if (t->cut[s]) continue;
        if (t->index[s] == none) {
          t->index[s] = t->low[s] = t->counter++;
          t->stack[top++] = s;
          t->on_stack[s] = 1;
          t->call[t->depth] = s;
          t->next[t->depth++] = t->g->first[s];
        } else if (t->on_stack[s] && t->index[s] < t->low[b]) {
          t->low[b] = t->index[s];
        }
        continue;
      }
      t->depth--;
      if (t->depth && t->low[b] < t->low[t->call[t->depth - 1]])
        t->low[t->call[t->depth - 1]] = t->low[b];
      if (t->low[b] != t->index[b]) continue;
      unsigned start = top;
      do start--; while (t->stack[start] != b);
      unsigned size = top - start, i, cyclic = size > 1;
      for (i = t->g->first[b]; !cyclic && i < t->g->first[b + 1]; i++) cyclic = t->g->succ[i] == b;
      for (i = start; i < top; i++) t->on_stack[t->stack[i]] = 0;
      if (cyclic) visit(t->stack + start, size, arg);
      top = start;
    }
  }
}

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
  struct graph g = {0, NULL, NULL};
  unsigned n = cfg->nblocks, b;
  int result = -1;
  unsigned *order = NULL;
  unsigned char *cut = NULL;
  struct tarjan t;
  memset(&t, 0, sizeof t);
  memset(add, 0, n);
  if (n == 0) return 0;
  if (build(cfg, &g) != 0) goto out;
  order = malloc(n * sizeof *order);
  cut = malloc(n);
  t.index = malloc(n * sizeof *t.index);
  t.low = malloc(n * sizeof *t.low);
  t.stack = malloc(n * sizeof *t.stack);
  t.call = malloc(n * sizeof *t.call);
  t.next = malloc(n * sizeof *t.next);
  t.on_stack = calloc(n, 1);
  if (!order || !cut || !t.index || !t.low || !t.stack || !t.call || !t.next || !t.on_stack)
    goto out;
  preorder(&g, order, t.stack, t.next);
  t.g = &g;
  t.cut = cut;
  {
    struct choice c = {cost, order, add, 0};
    int before;
    do {
      before = c.added;
      for (b = 0; b < n; b++) cut[b] = (ticked && ticked[b]) || add[b];
      components(&t, pick, &c);
    } while (c.added != before);
    result = c.added;
  }
out:
  if (result < 0) memset(add, 0, n);
  free(g.first);
  free(g.succ);
  free(order);
  free(cut);
  free(t.index);
  free(t.low);
  free(t.stack);
  free(t.call);
  free(t.next);
  free(t.on_stack);
  return result;
}
