/*
 * Where the flags are live (README.md, "Flags"): at a node when some path
 * from it reaches an instruction that reads them before one that writes
 * them, flag by flag (CF, PF, AF, ZF, SF, OF; on aarch64 x16 and x17).
 * Paths end at ret and at ud2/hlt with nothing live (the psABI passes no
 * flags back from a call).  A jump that may leave the file (indirect, or
 * to no label of the file) ends a path with everything live: hand-written
 * code is entered and left under conventions this file cannot see (rr's
 * syscall hooks jump back to the patched site with the application's
 * flags).  A least fixed point.
 */
#include <string.h>

#include "graph.h"
#include "sas.h"

int sas_flags_live(const struct sas_graph *g, unsigned char *live) {
  struct st_graph cfg;
  struct st_cfg edges = {g->n, NULL, g->nedges, g->edges};
  unsigned i;
  int changed = 1;
  if (st_cfg_graph(&edges, &cfg)) {
    st_graph_free(&cfg);
    return -1;
  }
  memset(live, 0, g->n);
  while (changed) {
    changed = 0;
    for (i = g->n; i-- > 1;) {
      const struct sas_node *nd = &g->nodes[i];
      unsigned e, out = 0, l;
      for (e = cfg.first[i]; e < cfg.first[i + 1]; e++) out |= live[cfg.succ[e]];
      if (nd->kind == SAS_NODE_INSN && nd->leaves_file) out |= g->tick_clobbers;
      l = nd->kind == SAS_NODE_INSN ? nd->insn.reads | (out & ~nd->insn.writes) : out;
      if (l != live[i]) {
        live[i] = (unsigned char)l;
        changed = 1;
      }
    }
  }
  st_graph_free(&cfg);
  return 0;
}
