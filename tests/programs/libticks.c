/*
 * An instrumented shared library (its own note and initializer, from the
 * runtime linked into it), for tracing code outside the executable.
 *   lib_ticks(n): n + 2 ticks (entry, loop header n + 1 times)
 *   lib_spin(n):  1 tick at entry; its loop has none (breaks the guarantee)
 */
#include <rr/softticks.h>

static volatile unsigned long lib_sink;

void lib_ticks(unsigned long n) {
  unsigned long i = 0;
  RR_SOFTTICK(); /* entry */
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= n) break;
    lib_sink += i;
    i++;
  }
}

void lib_spin(unsigned long n) {
  unsigned long i;
  RR_SOFTTICK(); /* entry, and nothing in the loop */
  for (i = 0; i < n; i++) lib_sink += i;
}
