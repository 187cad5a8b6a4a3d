/*
 * Shared by the hand-instrumented test programs: a function that ticks
 * exactly n + 2 times, instrumented as a compiler pass would do it (a tick
 * at its entry, one at its loop header, which runs n times plus the exit
 * test).
 */
#ifndef SOFTTICKS_TEST_TICK_HELPERS_H
#define SOFTTICKS_TEST_TICK_HELPERS_H

#include <rr/softticks.h>

static volatile unsigned long tick_sink;

__attribute__((noinline, unused)) static void tick_n(unsigned long n) {
  unsigned long i = 0;
  RR_SOFTTICK(); /* entry */
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= n) break;
    tick_sink += i;
    i++;
  }
}

#endif
