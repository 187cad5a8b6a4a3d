/* Unit tests of common/late_cycles.c: shapes with known answers, and
 * random graphs checked against what it exists for (no cycle avoids every
 * ticked block afterwards). */
#include "check.h"
#include "late_cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXB 40

static unsigned long long cut(const char *name, unsigned n, const struct st_edge *edges,
                              unsigned nedges, unsigned long long ticked_mask,
                              const unsigned *cost) {
  struct st_cfg cfg = {n, NULL, nedges, edges};
  unsigned char ticked[MAXB], add[MAXB];
  unsigned long long got = 0;
  unsigned b;
  for (b = 0; b < n; b++) ticked[b] = (ticked_mask >> b) & 1;
  CHECK(st_cut_late_cycles(&cfg, ticked, cost, add) >= 0, "%s: failed", name);
  for (b = 0; b < n; b++)
    if (add[b]) got |= 1ull << b;
  return got;
}

static void test_shapes(void) {
  /* 0 -> 1 -> 2 -> 1 (a loop 1-2), 2 -> 3. */
  static const struct st_edge loop[] = {{0, 1}, {1, 2}, {2, 1}, {2, 3}};
  CHECK(cut("loop", 4, loop, 4, 0, NULL) == 1ull << 1, "loop: the header ticks");
  CHECK(cut("ticked loop", 4, loop, 4, 1ull << 2, NULL) == 0, "ticked loop: nothing to add");
  static const unsigned cost_head[] = {0, 1, 0, 0};
  CHECK(cut("costly head", 4, loop, 4, 0, cost_head) == 1ull << 2,
        "costly head: the block where the tick is free");
  /* A self loop, and no cycle at all. */
  static const struct st_edge self[] = {{0, 1}, {1, 1}};
  CHECK(cut("self", 2, self, 2, 0, NULL) == 1ull << 1, "self loop ticks");
  static const struct st_edge line[] = {{0, 1}, {1, 2}};
  CHECK(cut("line", 3, line, 2, 0, NULL) == 0, "no cycle: nothing");
  /* Two cycles through 1 besides the ticked one: 1 -> 2 -> 1, 1 -> 3 -> 1,
   * 1 -> 4 (ticked) -> 1: one tick at 1 cuts both. */
  static const struct st_edge flower[] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}, {3, 1}, {1, 4}, {4, 1}};
  CHECK(cut("flower", 5, flower, 7, 1ull << 4, NULL) == 1ull << 1, "flower: the shared block");
  /* Two cycles sharing no block, one costly everywhere: both tick. */
  static const struct st_edge two[] = {{0, 1}, {1, 1}, {0, 2}, {2, 3}, {3, 2}};
  static const unsigned cost_two[] = {0, 1, 1, 1};
  CHECK(cut("two", 4, two, 5, 0, cost_two) == ((1ull << 1) | (1ull << 2)), "two: one tick each");
}

/* Whether some cycle avoids every block of mask (a cyclic component of
 * the rest, by repeated removal of blocks without a predecessor or
 * successor inside). */
static int cycle_avoids(unsigned n, const struct st_edge *edges, unsigned nedges,
                        unsigned long long mask) {
  unsigned long long alive = ((n == 64) ? ~0ull : (1ull << n) - 1) & ~mask;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (unsigned b = 0; b < n; b++) {
      if (!((alive >> b) & 1)) continue;
      int in = 0, out = 0;
      for (unsigned e = 0; e < nedges; e++) {
        if (edges[e].to == b && ((alive >> edges[e].from) & 1)) in = 1;
        if (edges[e].from == b && ((alive >> edges[e].to) & 1)) out = 1;
      }
      if (!in || !out) {
        alive &= ~(1ull << b);
        changed = 1;
      }
    }
  }
  return alive != 0;
}

static void test_random(void) {
  srand(17);
  for (int round = 0; round < 2000; round++) {
    unsigned n = 1 + (unsigned)rand() % MAXB, nedges = (unsigned)rand() % (3 * n + 1);
    struct st_edge edges[3 * MAXB + 1];
    unsigned cost[MAXB];
    unsigned long long ticked = 0;
    for (unsigned e = 0; e < nedges; e++) {
      edges[e].from = (unsigned)rand() % n;
      edges[e].to = (unsigned)rand() % n;
    }
    for (unsigned b = 0; b < n; b++) {
      if (rand() % 5 == 0) ticked |= 1ull << b;
      cost[b] = (unsigned)rand() % 2;
    }
    unsigned long long add = cut("random", n, edges, nedges, ticked, cost);
    CHECK(!cycle_avoids(n, edges, nedges, ticked | add), "round %d: a cycle avoids every tick",
          round);
    CHECK((add & ticked) == 0, "round %d: a ticked block ticked again", round);
  }
}

int main(void) {
  test_shapes();
  test_random();
  return check_report("late_cycles");
}
