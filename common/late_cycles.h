/*
 * Cycles that code generation made after placement (abi/ABI.md, "Loops
 * made after the pass"): given a function's final control-flow graph and
 * the blocks that already hold a tick, choose more blocks to tick so that
 * every cycle passes one.  Compiler-neutral: the GCC plugin asks it on the
 * final RTL CFG; an LLVM machine pass could ask it the same way.
 */
#ifndef SOFTTICKS_COMMON_LATE_CYCLES_H
#define SOFTTICKS_COMMON_LATE_CYCLES_H

#include "placement.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills add[0 .. nblocks-1] (1: tick this block) so that every cycle of
 * cfg (block 0 the entry, flags ignored) holds a block with ticked[b] or
 * add[b] set.  Among the blocks of a tick-free cycle it picks the lowest
 * cost[b] (e.g. 0: a tick fits where it clobbers nothing live; 1: it must
 * save what it clobbers), then the one a depth-first walk from the entry
 * reaches first (a loop's header).  cost may be NULL.  Returns the number
 * of blocks added, or -1 (out of memory, an edge out of range; add[] is
 * then all zero). */
int st_cut_late_cycles(const struct st_cfg *cfg, const unsigned char *ticked,
                       const unsigned *cost, unsigned char *add);

#ifdef __cplusplus
}
#endif

#endif
