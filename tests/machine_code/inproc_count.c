/*
 * Exact tick counts without a tracer (qemu-user has no ptrace): the
 * in-process harness (tests/support/inproc_ticks.h) arms the countdown to
 * PERIOD, takes every tick trap and reports the total.  Built at -O0 with
 * the plugin, so the count is known by construction:
 *   main's loop head (the for condition) runs 11 times: 10 iterations and
 *   the final test; each of the 10 calls of count_to(100) ticks at its
 *   entry and 101 times at its loop head (100 iterations and the final
 *   test).  11 + 10 * (1 + 101) = 1031.
 * The harness's own functions never tick; the ticks of main's entry come
 * before st_inproc_begin and are not counted.
 * Usage: inproc_count PERIOD.  Prints "ticks traps"; exit 0 iff the total
 * is 1031, every trap was a tick trap with the countdown at 0, and the
 * number of traps is total / PERIOD.
 */
#include <stdio.h>
#include <stdlib.h>

#include "inproc_ticks.h"

#define EXPECTED_TICKS 1031u

__attribute__((noinline)) static int count_to(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  return s;
}

int main(int argc, char **argv) {
  struct st_inproc_report r;
  unsigned long long period;
  volatile int sink = 0;
  int k;
  if (argc != 2) return 2;
  period = strtoull(argv[1], NULL, 10);
  if (st_inproc_begin(period) != 0) return 2;
  for (k = 0; k < 10; k++) sink += count_to(100);
  if (st_inproc_end(&r) != 0) {
    fprintf(stderr, "bad traps: %llu\n", (unsigned long long)r.bad_countdown);
    return 1;
  }
  printf("%llu %llu\n", (unsigned long long)r.ticks, (unsigned long long)r.traps);
  if (r.ticks != EXPECTED_TICKS) return 1;
  if (r.traps != EXPECTED_TICKS / period) return 1;
  return sink == 10 * 4950 ? 0 : 1;
}
