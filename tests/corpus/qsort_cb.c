/* A callback from uninstrumented code (libc's qsort). */
#include <stdio.h>
#include <stdlib.h>

#include "corpus.h"

ST_NOINLINE int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  int v[12] = {9, 3, 7, 1, 12, 5, 8, 2, 11, 4, 10, 6};
  qsort(v, 12, sizeof v[0], compare_ints);
  for (int i = 0; i < 12; i++) printf("%d ", v[i]);
  printf("\n");
  return 0;
}
