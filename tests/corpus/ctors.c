/* Constructors with and without priorities run in their usual order; the
 * initializer (priority 1) runs before all of them, so they may tick. */
#include <stdio.h>

#include "corpus.h"

static char order[16];
static int n;

ST_NOINLINE static void note(char c) {
  for (int i = 0; i < 1; i++) order[n++] = c;
}

__attribute__((constructor(101))) static void first(void) { note('a'); }
__attribute__((constructor(200))) static void second(void) { note('b'); }
__attribute__((constructor)) static void plain(void) { note('c'); }
__attribute__((destructor)) static void last(void) { printf("destructor after %s\n", order); }

int main(void) {
  note('m');
  printf("%s\n", order);
  return 0;
}
