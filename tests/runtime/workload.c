/* Hand-instrumented work; see workload.h. */
#include "workload.h"

#include <rr/softticks.h>

#include <stdlib.h>

static __thread volatile uint64_t ticks;

/* One tick, then the plain count of it. */
#define TICK_AND_COUNT() \
  do {                   \
    RR_SOFTTICK();       \
    ticks++;             \
  } while (0)

volatile uint64_t *wl_tick_counter(void) { return &ticks; }

uint64_t wl_loop(uint64_t n) {
  uint64_t sum = 0, i;
  for (i = 0; i < n; i++) {
    TICK_AND_COUNT();
    sum += i;
  }
  return sum;
}

uint64_t wl_fib(unsigned n) {
  TICK_AND_COUNT();
  return n < 2 ? n : wl_fib(n - 1) + wl_fib(n - 2);
}

static __thread uint64_t comparisons_made;

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  TICK_AND_COUNT();
  comparisons_made++;
  return (x > y) - (x < y);
}

int wl_sort(size_t n, uint32_t seed, uint64_t *comparisons) {
  uint32_t *v = malloc(n * sizeof *v);
  uint64_t sum_in = 0, sum_out = 0;
  uint32_t xor_in = 0, xor_out = 0;
  size_t i;
  int ok = 1;
  if (!v) return 0;
  for (i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    v[i] = seed >> 8;
    sum_in += v[i];
    xor_in ^= v[i];
  }
  comparisons_made = 0;
  qsort(v, n, sizeof *v, compare_u32);
  for (i = 0; i < n; i++) {
    if (i && v[i - 1] > v[i]) ok = 0;
    sum_out += v[i];
    xor_out ^= v[i];
  }
  free(v);
  *comparisons = comparisons_made;
  return ok && sum_in == sum_out && xor_in == xor_out;
}
