/* A set of (pc, sp) pairs that empties in O(1): the positions seen since
 * the countdown last changed. */
#ifndef SOFTTICKS_TRACE_PC_SP_SET_H
#define SOFTTICKS_TRACE_PC_SP_SET_H

#include <stddef.h>
#include <stdint.h>

struct pc_sp_set {
  struct pc_sp_slot {
    uint64_t pc, sp, generation;
  } *slots;
  size_t capacity, used; /* used: in the current generation */
  uint64_t generation;
};

void pc_sp_set_clear(struct pc_sp_set *s);
/* 1 when (pc, sp) was already in the set, 0 when added, -1 out of memory. */
int pc_sp_set_insert(struct pc_sp_set *s, uint64_t pc, uint64_t sp);
void pc_sp_set_free(struct pc_sp_set *s);

#endif
