/*
 * Tick placement on an abstract control-flow graph, shared by the GCC
 * plugin and the LLVM pass so that both compilers place ticks by the same
 * rules.  Each plugin translates its compiler's CFG into an st_cfg and
 * asks st_place() which blocks tick at their start.
 *
 * The rules (abi/ABI.md, "Where ticks go"):
 *   1. the entry block ticks;
 *   2. every target of a retreating edge of a depth-first walk that follows
 *      all edges ticks (every cycle, reducible or not, contains one);
 *   3. a block that cannot hold code (ST_BLOCK_NO_CODE, e.g. GCC's abnormal
 *      dispatcher) passes a tick it would get on to all its successors;
 *   4. a block that begins with a returns_twice call
 *      (ST_BLOCK_LEADING_RETURNS_TWICE) needs no tick at its start: the
 *      plugin ticks right after every returns_twice call anyway, and that
 *      tick lies on every path through the block's start.
 * Ticks after returns_twice calls are the plugins' own job: each such call
 * gets one, wherever it is.
 */
#ifndef SOFTTICKS_COMMON_PLACEMENT_H
#define SOFTTICKS_COMMON_PLACEMENT_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bump when a change to the rules changes where ticks go; recorded in the
 * module manifest. */
#define ST_PLACEMENT_RULES_VERSION 2

enum st_block_flags {
  ST_BLOCK_NO_CODE = 1u << 0,
  ST_BLOCK_LEADING_RETURNS_TWICE = 1u << 1
};

struct st_edge {
  unsigned from, to; /* block indices */
};

struct st_cfg {
  unsigned nblocks;           /* blocks 0 .. nblocks-1; block 0 is the entry */
  const unsigned *flags;      /* nblocks st_block_flags, or NULL for none */
  unsigned nedges;
  const struct st_edge *edges; /* every edge: normal, abnormal, EH, indirect */
};

/* The graph of cfg's edges (graph.h), successors only: 0, or -1 if an
 * edge names a block out of range or memory ran out.  st_graph_free it
 * either way. */
struct st_graph;
int st_cfg_graph(const struct st_cfg *cfg, struct st_graph *g);

/* Why a block ticks (a bit set, for statistics and tests). */
enum st_tick_reason {
  ST_TICK_ENTRY = 1u << 0,
  ST_TICK_CYCLE = 1u << 1,    /* target of a retreating edge */
  ST_TICK_PASSED_ON = 1u << 2 /* inherited from a ST_BLOCK_NO_CODE predecessor */
};

/* Fills tick[0 .. nblocks-1] with a st_tick_reason bit set, 0 where the
 * block needs no tick at its start.  Returns 0, or -1 if memory ran out or
 * an edge names a block out of range (tick[] is then all zero). */
int st_place(const struct st_cfg *cfg, unsigned *tick);

#ifdef __cplusplus
}
#endif

#endif
