/* A small program with loops, a call through a pointer and stdio: what
 * every link mode against musl must run unchanged with ticks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

int main(void) {
  int values[64];
  unsigned seed = 12345;
  long sum = 0;
  for (int i = 0; i < 64; i++) {
    seed = seed * 1103515245u + 12345u;
    values[i] = (int)(seed >> 16) % 1000;
  }
  qsort(values, 64, sizeof values[0], compare);
  for (int i = 0; i < 64; i++) sum += (long)values[i] * (i + 1);
  char text[32];
  snprintf(text, sizeof text, "%ld", sum);
  printf("%s %d %d %zu\n", text, values[0], values[63], strlen(text));
  return 0;
}
