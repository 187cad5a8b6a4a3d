/* The other unit of early.c: an opaque sink, and a helper that early code
 * in early.c calls across units (it ticks: the early entries map the page
 * before they call anything). */
#include "corpus.h"

volatile int sunk;

ST_NOINLINE void sink(int i) { sunk += i; }

ST_NOINLINE void other_unit_helper(int n) {
  for (int i = 0; i < n; i++) sink(i);
}
