/*
 * Hand-instrumented as a compiler pass would do it: a tick at every
 * function entry and at every loop header (the block the back edge goes
 * to, which also runs the exit test).
 *
 * Usage: ticks_loops [CALLS [LEN [EXIT_STATUS]]], default 10 100 0.
 * Ticks, by construction:
 *   main:  1 (entry) + CALLS + 1 (its loop header runs once per iteration
 *          and once more for the exit test)
 *   f:     1 (entry) + LEN + 1 (same), once per call
 *   total = 1 + (CALLS + 1) + CALLS * (LEN + 2)
 *         = 1 + 11 + 10 * 102 = 1032 with the defaults.
 */
#include <rr/softticks.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void f(unsigned long len) {
  unsigned long j = 0;
  RR_SOFTTICK(); /* entry */
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (j >= len) break;
    sink += j;
    j++;
  }
}

int main(int argc, char **argv) {
  unsigned long calls = argc > 1 ? strtoul(argv[1], NULL, 0) : 10;
  unsigned long len = argc > 2 ? strtoul(argv[2], NULL, 0) : 100;
  int status = argc > 3 ? atoi(argv[3]) : 0;
  unsigned long i = 0;
  RR_SOFTTICK(); /* entry */
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= calls) break;
    f(len);
    i++;
  }
  return status;
}
