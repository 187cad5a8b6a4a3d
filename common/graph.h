/*
 * Directed graphs for the placement rules and the assembler's passes: a
 * graph built from an edge list into compressed successor (and, if asked,
 * predecessor) arrays, a depth-first walk, and the nodes that lie on
 * cycles once some nodes are cut out.  Written once so that the rules in
 * placement.c, late_cycles.c and asm/ hold only the rule.
 *
 * Use: st_graph_init, st_graph_add_edge for every edge (any number: the
 * list grows), st_graph_finish, then read succ/pred; st_graph_free.
 */
#ifndef SOFTTICKS_COMMON_GRAPH_H
#define SOFTTICKS_COMMON_GRAPH_H

#ifdef __cplusplus
extern "C" {
#endif

struct st_graph {
  unsigned n; /* nodes 0 .. n-1 */
  /* After st_graph_finish: the successors of v are succ[first[v] ..
   * first[v+1]), in the order their edges were added (the walks below,
   * and so where ticks go, depend on that order); likewise pred[] from
   * pred_first[] if asked for, else both NULL. */
  unsigned *first, *succ;
  unsigned *pred_first, *pred;
  /* The edge list while it is built (freed by st_graph_finish). */
  unsigned *from, *to;
  unsigned nedges, cap;
  int failed; /* an edge out of range, or memory ran out */
};

void st_graph_init(struct st_graph *g, unsigned n);
/* Appends from -> to (parallel edges and self-edges are kept).  -1 if a
 * node is out of range or memory ran out: the graph is then unusable
 * (st_graph_finish fails too), st_graph_free still needed. */
int st_graph_add_edge(struct st_graph *g, unsigned from, unsigned to);
/* Builds the arrays (predecessors too if with_preds); 0, or -1. */
int st_graph_finish(struct st_graph *g, int with_preds);
void st_graph_free(struct st_graph *g);

/*
 * Iterative depth-first walk of every node: from node 0, then from each
 * node not reached yet in index order, successors in edge order.  Fills
 * preorder[v] (the order nodes are first reached) if preorder is not
 * NULL, and calls retreat(from, to, arg) for every retreating edge (one
 * to a node still on the walk's stack: every cycle holds one).  0, or -1
 * if memory ran out.
 */
int st_graph_dfs(const struct st_graph *g, unsigned *preorder,
                 void (*retreat)(unsigned from, unsigned to, void *arg), void *arg);

/*
 * The cycles that avoid the cut nodes (cut[v] nonzero; cut may be NULL):
 * calls visit(nodes, size, arg) once for each strongly connected
 * component of the other nodes that holds a cycle (more than one node, or
 * a self-edge), with its nodes.  A node lies on such a cycle exactly when
 * it is in one of these components.  0, or -1 if memory ran out.
 */
int st_graph_cycles(const struct st_graph *g, const unsigned char *cut,
                    void (*visit)(const unsigned *nodes, unsigned size, void *arg), void *arg);

#ifdef __cplusplus
}
#endif

#endif
