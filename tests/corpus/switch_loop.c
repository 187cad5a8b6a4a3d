/* A switch inside a loop: a state machine over a string. */
#include <stdio.h>

#include "corpus.h"

ST_NOINLINE int switch_loop(const char *s) {
  int state = 0, count = 0;
  for (; *s; s++) {
    switch (*s) {
      case 'a': count += 1; break;
      case 'b': count += 2; break;
      case 'c': state ^= 1; break;
      case 'd': count *= 3; break;
      case 'e': count -= 7; break;
      default: count -= state; break;
    }
  }
  return count;
}

int main(void) {
  printf("%d\n", switch_loop("abcabxdeabcz"));
  return 0;
}
