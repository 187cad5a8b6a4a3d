/*
 * A tracer's int3 breakpoints in one address space, and the view of code
 * with them taken out: the ABI's trap recognition (and anything else that
 * reads code) must see the program's own bytes.
 */
#ifndef SOFTTICKS_TRACELIB_BREAKPOINTS_H
#define SOFTTICKS_TRACELIB_BREAKPOINTS_H

#include <stddef.h>
#include <stdint.h>

#include "tick_sequence.h"

struct st_breakpoint {
  uint64_t addr;
  unsigned char original;
};

struct st_breakpoints {
  struct st_breakpoint *items; /* sorted by addr */
  size_t count, capacity;
};

/* The x86 breakpoint instruction. */
#define ST_INT3 0xcc

struct st_breakpoint *st_breakpoints_find(struct st_breakpoints *bps, uint64_t addr);
/* Plants int3 at addr through `raw` (which writes the tracee's code); no-op
 * when one is there.  0, or -1. */
int st_breakpoints_add(struct st_breakpoints *bps, const struct st_memory *raw, uint64_t addr);
/* Puts the original byte back and forgets the breakpoint. */
int st_breakpoints_remove(struct st_breakpoints *bps, const struct st_memory *raw, uint64_t addr);
/* Replaces breakpoint bytes inside buf (len bytes read at addr) by the
 * originals. */
void st_breakpoints_mask(const struct st_breakpoints *bps, uint64_t addr, void *buf, size_t len);
/* Forgets all (the address space went away: exec). */
void st_breakpoints_clear(struct st_breakpoints *bps);
void st_breakpoints_free(struct st_breakpoints *bps);

/* A memory whose reads go through `raw` and are masked. */
struct st_masked_memory {
  const struct st_memory *raw;
  const struct st_breakpoints *bps;
};
struct st_memory st_masked_memory(struct st_masked_memory *ctx, const struct st_memory *raw,
                                  const struct st_breakpoints *bps);

#endif
