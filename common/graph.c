/* Directed graphs: see graph.h. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

void st_graph_init(struct st_graph *g, unsigned n) {
  memset(g, 0, sizeof *g);
  g->n = n;
}

int st_graph_add_edge(struct st_graph *g, unsigned from, unsigned to) {
  if (g->failed || from >= g->n || to >= g->n) goto fail;
  if (g->nedges == g->cap) {
    unsigned cap = g->cap ? 2 * g->cap : 64;
    unsigned *f, *t;
    if (cap < g->cap) goto fail; /* unsigned overflow: 2^31 edges */
    f = realloc(g->from, (size_t)cap * sizeof *f);
    if (f) g->from = f;
    t = realloc(g->to, (size_t)cap * sizeof *t);
    if (t) g->to = t;
    if (!f || !t) goto fail;
    g->cap = cap;
  }
  g->from[g->nedges] = from;
  g->to[g->nedges++] = to;
  return 0;
fail:
  g->failed = 1;
  return -1;
}

/* One direction's arrays, a stable counting sort of the edges by key:
 * list[first[k] .. first[k+1]) holds the other ends of key k's edges. */
static int compress(const struct st_graph *g, const unsigned *key, const unsigned *other,
                    unsigned **first_out, unsigned **list_out) {
  unsigned *first = calloc((size_t)g->n + 1, sizeof *first);
  unsigned *list = malloc(((size_t)g->nedges + 1) * sizeof *list);
  unsigned *fill = malloc(((size_t)g->n + 1) * sizeof *fill);
  unsigned i;
  *first_out = first;
  *list_out = list;
  if (!first || !list || !fill) {
    free(fill);
    return -1;
  }
  for (i = 0; i < g->nedges; i++) first[key[i] + 1]++;
  for (i = 0; i < g->n; i++) first[i + 1] += first[i];
  memcpy(fill, first, ((size_t)g->n + 1) * sizeof *fill);
  for (i = 0; i < g->nedges; i++) list[fill[key[i]]++] = other[i];
  free(fill);
  return 0;
}

int st_graph_finish(struct st_graph *g, int with_preds) {
  int rc = -1;
  if (!g->failed && compress(g, g->from, g->to, &g->first, &g->succ) == 0 &&
      (!with_preds || compress(g, g->to, g->from, &g->pred_first, &g->pred) == 0))
    rc = 0;
  free(g->from);
  free(g->to);
  g->from = g->to = NULL;
  g->cap = 0;
  if (rc) g->failed = 1;
  return rc;
}

void st_graph_free(struct st_graph *g) {
  free(g->first);
  free(g->succ);
  free(g->pred_first);
  free(g->pred);
  free(g->from);
  free(g->to);
  st_graph_init(g, 0);
}

enum { UNSEEN = 0, ON_STACK = 1, DONE = 2 };

int st_graph_dfs(const struct st_graph *g, unsigned *preorder,
                 void (*retreat)(unsigned from, unsigned to, void *arg), void *arg) {
  unsigned n = g->n, counter = 0, root;
  unsigned char *state = calloc((size_t)n + 1, 1);
  unsigned *stack = malloc(((size_t)n + 1) * sizeof *stack); /* a node and */
  unsigned *next = malloc(((size_t)n + 1) * sizeof *next);   /* its next edge */
  int rc = -1;
  if (!state || !stack || !next) goto out;
  for (root = 0; root < n; root++) {
    unsigned depth = 0;
    if (state[root] != UNSEEN) continue;
    state[root] = ON_STACK;
    if (preorder) preorder[root] = counter;
    counter++;
    stack[depth] = root;
    next[depth++] = g->first[root];
    while (depth) {
      unsigned v = stack[depth - 1], s;
      if (next[depth - 1] == g->first[v + 1]) {
        state[v] = DONE;
        depth--;
        continue;
      }
      s = g->succ[next[depth - 1]++];
      if (state[s] == ON_STACK) {
        if (retreat) retreat(v, s, arg);
      } else if (state[s] == UNSEEN) {
        state[s] = ON_STACK;
        if (preorder) preorder[s] = counter;
        counter++;
        stack[depth] = s;
        next[depth++] = g->first[s];
      }
    }
  }
  rc = 0;
out:
  free(state);
  free(stack);
  free(next);
  return rc;
}

/* Tarjan's strongly connected components, without recursion: call[] and
 * next[] are the walk's stack (a node, its next edge), stack[] Tarjan's
 * stack of nodes not yet in a component. */
int st_graph_cycles(const struct st_graph *g, const unsigned char *cut,
                    void (*visit)(const unsigned *nodes, unsigned size, void *arg), void *arg) {
  const unsigned none = (unsigned)-1;
  size_t n = g->n;
  unsigned *index = malloc((n + 1) * sizeof *index), *low = malloc((n + 1) * sizeof *low);
  unsigned *stack = malloc((n + 1) * sizeof *stack), *call = malloc((n + 1) * sizeof *call);
  unsigned *next = malloc((n + 1) * sizeof *next);
  unsigned char *on_stack = calloc(n + 1, 1);
  unsigned counter = 0, top = 0, root;
  int rc = -1;
  if (!index || !low || !stack || !call || !next || !on_stack) goto out;
  for (root = 0; root < g->n; root++) index[root] = none;
  for (root = 0; root < g->n; root++) {
    unsigned depth = 0;
    if ((cut && cut[root]) || index[root] != none) continue;
    call[depth] = root;
    next[depth++] = g->first[root];
    index[root] = low[root] = counter++;
    stack[top++] = root;
    on_stack[root] = 1;
    while (depth) {
      unsigned v = call[depth - 1], start, size, i, cyclic;
      if (next[depth - 1] < g->first[v + 1]) {
        unsigned s = g->succ[next[depth - 1]++];
        if (cut && cut[s]) continue;
        if (index[s] == none) {
          index[s] = low[s] = counter++;
          stack[top++] = s;
          on_stack[s] = 1;
          call[depth] = s;
          next[depth++] = g->first[s];
        } else if (on_stack[s] && index[s] < low[v]) {
          low[v] = index[s];
        }
        continue;
      }
      depth--;
      if (depth && low[v] < low[call[depth - 1]]) low[call[depth - 1]] = low[v];
      if (low[v] != index[v]) continue;
      /* v roots a component: the nodes above it on Tarjan's stack. */
      start = top;
      do start--;
      while (stack[start] != v);
      size = top - start;
      cyclic = size > 1;
      for (i = g->first[v]; !cyclic && i < g->first[v + 1]; i++) cyclic = g->succ[i] == v;
      for (i = start; i < top; i++) on_stack[stack[i]] = 0;
      if (cyclic) visit(stack + start, size, arg);
      top = start;
    }
  }
  rc = 0;
out:
  free(index);
  free(low);
  free(stack);
  free(call);
  free(next);
  free(on_stack);
  return rc;
}
