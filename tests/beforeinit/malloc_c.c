/* A C program with its own malloc (bump_malloc.h), linked with libstdc++
 * (run.sh: --no-as-needed -lstdc++), whose initializer calls malloc
 * before the program's .init_array has run. */
#include "bump_malloc.h"

#include <stdio.h>

int main(void) {
  char *s = malloc(32);
  snprintf(s, 32, "bump %d", bump_calls > 1);
  puts(s);
  return 0;
}
