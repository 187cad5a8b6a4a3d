/* Unit tests of the tick placement core (common/placement.c) on graphs no
 * compiler has to produce: hand-built shapes with known answers, and random
 * graphs checked against the property the rules exist for. */
#include "check.h"
#include "placement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXB 64

/* Places ticks and compares the set of ticked blocks with `expected`
 * (a bit mask over blocks). */
static void expect_ticks(const char *name, unsigned nblocks, const struct st_edge *edges,
                         unsigned nedges, const unsigned *flags, unsigned long long expected) {
  struct st_cfg cfg = {nblocks, flags, nedges, edges};
  unsigned tick[MAXB];
  unsigned long long got = 0;
  unsigned b;
  CHECK(st_place(&cfg, tick) == 0, "%s: st_place failed", name);
  for (b = 0; b < nblocks; b++)
    if (tick[b]) got |= 1ull << b;
  CHECK(got == expected, "%s: ticked blocks %#llx, expected %#llx", name, got, expected);
}

static void test_shapes(void) {
  /* 0 -> 1 -> 2: only the entry. */
  static const struct st_edge line[] = {{0, 1}, {1, 2}};
  /* 0 -> 1 -> 1 (self loop) -> 2 */
  static const struct st_edge self[] = {{0, 1}, {1, 1}, {1, 2}};
  /* while loop: 0 -> 1 (head) -> 2 (body) -> 1; 1 -> 3 */
  static const struct st_edge loop[] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}};
  /* nested: 0 -> 1 -> 2 -> 3 -> 2, 3 -> 4 -> 1, 4 -> 5 */
  static const struct st_edge nested[] = {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 1}, {4, 5}};
  /* irreducible: 0 -> 1, 0 -> 2, 1 <-> 2, both -> 3.  DFS follows edges in
   * order: 0, 1, 2, then 2 -> 1 retreats: block 1 ticks. */
  static const struct st_edge irreducible[] = {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {1, 3}, {2, 3}};
  /* back edge to the entry: 0 -> 1 -> 0. */
  static const struct st_edge to_entry[] = {{0, 1}, {1, 0}};
  /* unreachable cycle 2 <-> 3, nothing reaches it. */
  static const struct st_edge unreachable[] = {{0, 1}, {2, 3}, {3, 2}};

  expect_ticks("line", 3, line, 2, NULL, 0x1);
  expect_ticks("self loop", 3, self, 3, NULL, 0x1 | 0x2);
  expect_ticks("while", 4, loop, 4, NULL, 0x1 | 0x2);
  expect_ticks("nested", 6, nested, 7, NULL, 0x1 | 0x2 | 0x4);
  expect_ticks("irreducible", 4, irreducible, 6, NULL, 0x1 | 0x2);
  expect_ticks("back edge to entry", 2, to_entry, 2, NULL, 0x1);
  expect_ticks("unreachable cycle", 4, unreachable, 3, NULL, 0x1 | 0x4);
  expect_ticks("single block", 1, NULL, 0, NULL, 0x1);
}

static void test_flags(void) {
  /* GCC-like setjmp: 0 -> 1 (setjmp call first) -> 2 (body) -> 4 (dispatcher,
   * no code) -> 1, and 2 -> 3 exit.  DFS: 0,1,2,4 then 4 -> 1 retreats, so
   * block 1 would tick, but it begins with a returns_twice call whose own
   * tick serves. */
  static const struct st_edge sj[] = {{0, 1}, {1, 2}, {2, 4}, {4, 1}, {2, 3}};
  static const unsigned sj_flags[] = {0, ST_BLOCK_LEADING_RETURNS_TWICE, 0, 0, ST_BLOCK_NO_CODE};
  /* A cycle whose retreating edge targets a no-code block: 0 -> 1 -> 2 (no
   * code) -> 1 and 2 -> 3; DFS: 0, 1, 2, then 2 -> 1 retreats: 1 ticks.
   * Make the no-code block the head instead: 0 -> 2 (no code) -> 1 -> 2,
   * 2 -> 3: DFS 0, 2, 1, 1 -> 2 retreats: 2 would tick, passes on to 1, 3. */
  static const struct st_edge nc[] = {{0, 2}, {2, 1}, {1, 2}, {2, 3}};
  static const unsigned nc_flags[] = {0, 0, ST_BLOCK_NO_CODE, 0};
  /* Chain of no-code blocks in a cycle: 0 -> 1 (nc) -> 2 (nc) -> 1, 2 -> 3 -> 1 */
  static const struct st_edge chain[] = {{0, 1}, {1, 2}, {2, 1}, {2, 3}, {3, 1}};
  static const unsigned chain_flags[] = {0, ST_BLOCK_NO_CODE, ST_BLOCK_NO_CODE, 0};

  expect_ticks("setjmp via dispatcher", 5, sj, 5, sj_flags, 0x1);
  expect_ticks("no-code head", 4, nc, 4, nc_flags, 0x1 | 0x2 | 0x8);
  expect_ticks("no-code chain", 4, chain, 5, chain_flags, 0x1 | 0x8);
}

static void test_errors(void) {
  static const struct st_edge bad[] = {{0, 5}};
  struct st_cfg cfg = {2, NULL, 1, bad};
  unsigned tick[2] = {7, 7};
  CHECK(st_place(&cfg, tick) == -1, "edge out of range accepted");
  CHECK(tick[0] == 0 && tick[1] == 0, "tick[] not cleared on error");
}

/* The property the rules guarantee: every cycle passes through a block
 * that ticks (or begins with a returns_twice call, which ticks after it).
 * Equivalently, with those blocks removed the graph is acyclic.  Checked by
 * an independent Kahn topological sort. */
static int acyclic_without(unsigned n, const struct st_edge *e, unsigned ne, const unsigned char *cut) {
  unsigned indeg[MAXB] = {0}, queue[MAXB], head = 0, tail = 0, seen = 0, i, b;
  for (i = 0; i < ne; i++)
    if (!cut[e[i].from] && !cut[e[i].to]) indeg[e[i].to]++;
  for (b = 0; b < n; b++)
    if (!cut[b] && indeg[b] == 0) queue[tail++] = b;
  while (head < tail) {
    b = queue[head++];
    seen++;
    for (i = 0; i < ne; i++)
      if (e[i].from == b && !cut[e[i].to] && --indeg[e[i].to] == 0) queue[tail++] = e[i].to;
  }
  {
    unsigned kept = 0;
    for (b = 0; b < n; b++) kept += !cut[b];
    return seen == kept;
  }
}

static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned bound) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % bound);
}

static void test_random_graphs(void) {
  unsigned iter;
  for (iter = 0; iter < 20000; iter++) {
    struct st_edge edges[4 * MAXB];
    unsigned flags[MAXB], tick[MAXB];
    unsigned char cut[MAXB];
    unsigned n = 1 + rnd(MAXB), ne = rnd(3 * n + 1), i;
    struct st_cfg cfg;
    for (i = 0; i < ne; i++) {
      edges[i].from = rnd(n);
      edges[i].to = rnd(n);
    }
    for (i = 0; i < n; i++) {
      unsigned r = rnd(10);
      flags[i] = r == 0 ? ST_BLOCK_NO_CODE : r == 1 ? ST_BLOCK_LEADING_RETURNS_TWICE : 0;
    }
    if (iter % 2) flags[0] = 0;
    /* A cycle made only of blocks without code cannot tick and does not
     * occur (GCC's dispatcher leads to code): drop edges joining two. */
    for (i = 0; i < ne;) {
      if ((flags[edges[i].from] & ST_BLOCK_NO_CODE) && (flags[edges[i].to] & ST_BLOCK_NO_CODE))
        edges[i] = edges[--ne];
      else
        i++;
    }
    cfg.nblocks = n;
    cfg.flags = flags;
    cfg.nedges = ne;
    cfg.edges = edges;
    CHECK(st_place(&cfg, tick) == 0, "random graph %u: st_place failed", iter);
    for (i = 0; i < n; i++) {
      CHECK(!(tick[i] && (flags[i] & ST_BLOCK_NO_CODE)), "graph %u: tick in no-code block %u", iter, i);
      cut[i] = tick[i] != 0 || (flags[i] & ST_BLOCK_LEADING_RETURNS_TWICE);
    }
    if (flags[0] == 0) CHECK(tick[0] & ST_TICK_ENTRY, "graph %u: entry does not tick", iter);
    CHECK(acyclic_without(n, edges, ne, cut), "graph %u (%u blocks, %u edges): a cycle has no tick",
          iter, n, ne);
    if (check_failures > 10) return;
  }
}

int main(void) {
  test_shapes();
  test_flags();
  test_errors();
  test_random_graphs();
  return check_report("placement");
}
