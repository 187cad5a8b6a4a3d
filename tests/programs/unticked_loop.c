/*
 * Breaks the guarantee on purpose: spin() ticks at its entry but its loop
 * has no tick, so the loop's instructions repeat at the same (pc, sp)
 * while the countdown stays put.  `check` must report spin.
 */
#include <rr/softticks.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void spin(unsigned long n) {
  unsigned long i;
  RR_SOFTTICK(); /* entry, and nothing in the loop */
  for (i = 0; i < n; i++) sink += i;
}

int main(void) {
  RR_SOFTTICK();
  spin(5);
  return 0;
}
