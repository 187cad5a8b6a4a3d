/* A set of (pc, sp) pairs with O(1) clearing; see pc_sp_set.h. */
#include "pc_sp_set.h"

#include <stdlib.h>

static size_t slot_of(const struct pc_sp_set *s, uint64_t pc, uint64_t sp) {
  uint64_t h = (pc * UINT64_C(0x9e3779b97f4a7c15)) ^ (sp * UINT64_C(0xc2b2ae3d27d4eb4f));
  return (size_t)(h ^ (h >> 29)) & (s->capacity - 1);
}

void pc_sp_set_clear(struct pc_sp_set *s) {
  s->generation++;
  s->used = 0;
}

static int grow(struct pc_sp_set *s) {
  struct pc_sp_set bigger = {0};
  size_t i;
  bigger.capacity = s->capacity ? 2 * s->capacity : 1024;
  bigger.generation = 1;
  if (!(bigger.slots = calloc(bigger.capacity, sizeof *bigger.slots))) return -1;
  for (i = 0; i < s->capacity; i++)
    if (s->slots[i].generation == s->generation && s->generation)
      pc_sp_set_insert(&bigger, s->slots[i].pc, s->slots[i].sp);
  free(s->slots);
  *s = bigger;
  return 0;
}

int pc_sp_set_insert(struct pc_sp_set *s, uint64_t pc, uint64_t sp) {
  size_t i;
  if (!s->generation) s->generation = 1;
  if ((s->used + 1) * 2 > s->capacity && grow(s) != 0) return -1;
  for (i = slot_of(s, pc, sp);; i = (i + 1) & (s->capacity - 1)) {
    struct pc_sp_slot *slot = &s->slots[i];
    if (slot->generation != s->generation) {
      slot->pc = pc;
      slot->sp = sp;
      slot->generation = s->generation;
      s->used++;
      return 0;
    }
    if (slot->pc == pc && slot->sp == sp) return 1;
  }
}

void pc_sp_set_free(struct pc_sp_set *s) {
  free(s->slots);
  s->slots = NULL;
  s->capacity = s->used = 0;
}
