/* Unit tests of common/graph.c against naive references on random small
 * graphs: the compressed arrays against the edge list, the walk against a
 * recursive one, the cycles against reachability by brute force. */
#include "check.h"
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#define MAXN 24
#define MAXE (4 * MAXN)

struct edges {
  unsigned n, m, from[MAXE], to[MAXE];
};

static void random_edges(struct edges *e) {
  unsigned i;
  e->n = 1 + (unsigned)rand() % MAXN;
  e->m = (unsigned)rand() % (4 * e->n + 1);
  for (i = 0; i < e->m; i++) {
    e->from[i] = (unsigned)rand() % e->n;
    e->to[i] = (unsigned)rand() % e->n;
  }
}

static int build(const struct edges *e, struct st_graph *g, int with_preds) {
  unsigned i;
  st_graph_init(g, e->n);
  for (i = 0; i < e->m; i++)
    if (st_graph_add_edge(g, e->from[i], e->to[i])) return -1;
  return st_graph_finish(g, with_preds);
}

/* The list of v's successors (or predecessors) is the edge list's, in
 * its order. */
static void check_arrays(const struct edges *e, const unsigned *first, const unsigned *list,
                         const unsigned *key, const unsigned *other, const char *what) {
  unsigned v, i;
  CHECK(first[0] == 0 && first[e->n] == e->m, "%s: %u edges in all", what, first[e->n]);
  for (v = 0; v < e->n; v++) {
    unsigned k = first[v];
    for (i = 0; i < e->m; i++)
      if (key[i] == v) {
        CHECK(k < first[v + 1] && list[k] == other[i], "%s of %u: edge %u", what, v, i);
        k++;
      }
    CHECK(k == first[v + 1], "%s of %u: %u, not %u", what, v, first[v + 1] - first[v],
          k - first[v]);
  }
}

static void test_arrays(void) {
  struct edges e;
  struct st_graph g;
  unsigned i;
  for (int round = 0; round < 2000; round++) {
    random_edges(&e);
    CHECK(build(&e, &g, round & 1) == 0, "build");
    check_arrays(&e, g.first, g.succ, e.from, e.to, "successors");
    if (round & 1) check_arrays(&e, g.pred_first, g.pred, e.to, e.from, "predecessors");
    else CHECK(!g.pred_first && !g.pred, "no predecessors unless asked");
    st_graph_free(&g);
  }
  /* No cap on the edges: many parallel ones. */
  st_graph_init(&g, 3);
  for (i = 0; i < 100000; i++) CHECK(st_graph_add_edge(&g, i % 3, (i + 1) % 3) == 0);
  CHECK(st_graph_finish(&g, 1) == 0 && g.first[3] == 100000 && g.pred_first[3] == 100000);
  st_graph_free(&g);
  /* A node out of range fails the edge and the graph. */
  st_graph_init(&g, 2);
  CHECK(st_graph_add_edge(&g, 0, 1) == 0);
  CHECK(st_graph_add_edge(&g, 2, 0) == -1, "from out of range");
  CHECK(st_graph_add_edge(&g, 0, 1) == -1, "a failed graph takes no more edges");
  CHECK(st_graph_finish(&g, 0) == -1, "a failed graph does not finish");
  st_graph_free(&g);
  st_graph_init(&g, 2);
  CHECK(st_graph_add_edge(&g, 1, 7) == -1, "to out of range");
  st_graph_free(&g);
  st_graph_init(&g, 0);
  CHECK(st_graph_finish(&g, 1) == 0 && g.first[0] == 0, "the empty graph");
  st_graph_free(&g);
}

/* The reference walk: recursive, the same order of roots and edges. */
struct walk {
  unsigned preorder[MAXN], counter, nretreat;
  unsigned char state[MAXN]; /* 0 unseen, 1 on the stack, 2 done */
  unsigned retreat_from[MAXE], retreat_to[MAXE];
};

static void walk_from(const struct edges *e, struct walk *w, unsigned v) {
  unsigned i;
  w->state[v] = 1;
  w->preorder[v] = w->counter++;
  for (i = 0; i < e->m; i++) {
    if (e->from[i] != v) continue;
    if (w->state[e->to[i]] == 1) {
      w->retreat_from[w->nretreat] = v;
      w->retreat_to[w->nretreat++] = e->to[i];
    } else if (w->state[e->to[i]] == 0) {
      walk_from(e, w, e->to[i]);
    }
  }
  w->state[v] = 2;
}

static void record_retreat(unsigned from, unsigned to, void *arg) {
  struct walk *w = arg;
  if (w->nretreat < MAXE) {
    w->retreat_from[w->nretreat] = from;
    w->retreat_to[w->nretreat] = to;
  }
  w->nretreat++;
}

static void test_dfs(void) {
  struct edges e;
  struct st_graph g;
  for (int round = 0; round < 2000; round++) {
    struct walk ref, got;
    unsigned v;
    random_edges(&e);
    memset(&ref, 0, sizeof ref);
    memset(&got, 0, sizeof got);
    for (v = 0; v < e.n; v++)
      if (!ref.state[v]) walk_from(&e, &ref, v);
    CHECK(build(&e, &g, 0) == 0, "build");
    CHECK(st_graph_dfs(&g, got.preorder, record_retreat, &got) == 0, "dfs");
    CHECK(!memcmp(ref.preorder, got.preorder, e.n * sizeof *ref.preorder), "round %d: preorder",
          round);
    CHECK(ref.nretreat == got.nretreat && !memcmp(ref.retreat_from, got.retreat_from,
                                                  ref.nretreat * sizeof *ref.retreat_from) &&
              !memcmp(ref.retreat_to, got.retreat_to, ref.nretreat * sizeof *ref.retreat_to),
          "round %d: retreating edges (%u, not %u)", round, got.nretreat, ref.nretreat);
    CHECK(st_graph_dfs(&g, NULL, NULL, NULL) == 0, "no preorder, no callback");
    st_graph_free(&g);
  }
}

/* reach[v]: the nodes reached from v by one edge or more, through nodes
 * not cut (a bit set). */
static void closure(const struct edges *e, const unsigned char *cut, unsigned long *reach) {
  unsigned v, i;
  int changed = 1;
  memset(reach, 0, MAXN * sizeof *reach);
  for (i = 0; i < e->m; i++)
    if (!cut[e->from[i]] && !cut[e->to[i]]) reach[e->from[i]] |= 1ul << e->to[i];
  while (changed) {
    changed = 0;
    for (v = 0; v < e->n; v++)
      for (i = 0; i < e->n; i++)
        if ((reach[v] >> i & 1) && (reach[v] | reach[i]) != reach[v]) {
          reach[v] |= reach[i];
          changed = 1;
        }
  }
}

struct seen {
  unsigned component[MAXN]; /* 1 + the component's number, 0: in none */
  unsigned ncomponents;
  int twice;
};

static void record_component(const unsigned *nodes, unsigned size, void *arg) {
  struct seen *s = arg;
  unsigned i;
  s->ncomponents++;
  for (i = 0; i < size; i++) {
    if (s->component[nodes[i]]) s->twice = 1;
    s->component[nodes[i]] = s->ncomponents;
  }
}

static void test_cycles(void) {
  struct edges e;
  struct st_graph g;
  for (int round = 0; round < 2000; round++) {
    unsigned char cut[MAXN];
    unsigned long reach[MAXN];
    struct seen s;
    unsigned v, w;
    random_edges(&e);
    for (v = 0; v < e.n; v++) cut[v] = round % 3 && rand() % 4 == 0;
    closure(&e, cut, reach);
    memset(&s, 0, sizeof s);
    CHECK(build(&e, &g, 0) == 0, "build");
    CHECK(st_graph_cycles(&g, round % 3 ? cut : NULL, record_component, &s) == 0, "cycles");
    CHECK(!s.twice, "round %d: a node in two components", round);
    for (v = 0; v < e.n; v++) {
      int on_cycle = reach[v] >> v & 1;
      CHECK(!!s.component[v] == on_cycle, "round %d: node %u %s", round, v,
            on_cycle ? "lies on a cycle, not found" : "lies on no cycle, found");
      /* Same component exactly when they reach each other. */
      for (w = 0; w < e.n; w++)
        if (s.component[v] && s.component[w] && v != w)
          CHECK((s.component[v] == s.component[w]) == ((reach[v] >> w & 1) && (reach[w] >> v & 1)),
                "round %d: nodes %u and %u", round, v, w);
    }
    st_graph_free(&g);
  }
}

int main(void) {
  srand(26);
  test_arrays();
  test_dfs();
  test_cycles();
  return check_report("graph");
}
