/* An ifunc: its resolver runs while the loader relocates the program,
 * before any initializer has mapped the countdown, so it must not tick
 * (the resolver has a loop on purpose). */
#include <stdio.h>

#include "corpus.h"

static int add_slow(int a, int b) {
  for (int i = 0; i < b; i++) a++;
  return a;
}

static int add_fast(int a, int b) { return a + b; }

typedef int add_fn(int, int);

ST_NOINLINE static add_fn *resolve_add(void) {
  volatile int probe = 0;
  for (int i = 0; i < 3; i++) probe += i;
  return probe == 3 ? add_fast : add_slow;
}

int add(int a, int b) __attribute__((ifunc("resolve_add")));

int main(void) {
  printf("%d %d\n", add(2, 3), add_slow(4, 5));
  return 0;
}
