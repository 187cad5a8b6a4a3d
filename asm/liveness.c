/*
 * Where the flags are live (README.md, "Flags"): at a node when some path
 * from it reaches an instruction that reads them before one that writes
 * them, flag by flag (CF, PF, AF, ZF, SF, OF).  Paths end at ret, ud2/hlt and at jumps out of the file (the
 * psABI passes no flags there).  An indirect jump reaches the file's
 * entries and address-taken labels (cfg.c: the only labels of the file it
 * can reach) or code outside (dead, as above).  A least fixed point.
 */
#include <stdlib.h>
#include <string.h>

#include "sas.h"

int sas_flags_live(const struct sas_graph *g, unsigned char *live) {
  unsigned *first = calloc(g->n + 1, sizeof *first), *succ = malloc((g->nedges + 1) * sizeof *succ),
           *fill = malloc((g->n + 1) * sizeof *fill), i;
  int changed = 1;
  if (!first || !succ || !fill) {
    free(first);
    free(succ);
    free(fill);
    return -1;
  }
  for (i = 0; i < g->nedges; i++) first[g->edges[i].from + 1]++;
  for (i = 0; i < g->n; i++) first[i + 1] += first[i];
  memcpy(fill, first, (g->n + 1) * sizeof *fill);
  for (i = 0; i < g->nedges; i++) succ[fill[g->edges[i].from]++] = g->edges[i].to;
  memset(live, 0, g->n);
  while (changed) {
    unsigned at_entries = 0;
    for (i = 1; i < g->n; i++)
      if (g->nodes[i].entry) at_entries |= live[i];
    changed = 0;
    for (i = g->n; i-- > 1;) {
      const struct sas_node *nd = &g->nodes[i];
      unsigned e, out = 0, l;
      for (e = first[i]; e < first[i + 1]; e++) out |= live[succ[e]];
      if (nd->kind == SAS_NODE_INSN && nd->insn.flow == SAS_FLOW_JMP_IND) out |= at_entries;
      l = nd->kind == SAS_NODE_INSN ? nd->insn.reads | (out & ~nd->insn.writes) : out;
      if (l != live[i]) {
        live[i] = (unsigned char)l;
        changed = 1;
      }
    }
  }
  free(first);
  free(succ);
  free(fill);
  return 0;
}
