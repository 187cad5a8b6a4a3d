/* An irreducible cycle: two blocks that jump to each other, each also
 * entered straight from the function's entry. */
#include <stdio.h>
#include <stdlib.h>

#include "corpus.h"

ST_NOINLINE int irreducible(const int *v, int n, int start_in_b) {
  int s = 0;
  if (start_in_b) goto b;
a:
  s += v[n % 5];
  if (--n <= 0) return s;
b:
  s ^= v[n % 5] << 1;
  if (--n <= 0) return s;
  goto a;
}

int main(int argc, char **argv) {
  static const int v[5] = {3, 1, 4, 1, 5};
  int start = argc > 1 ? atoi(argv[1]) : 0;
  printf("%d %d\n", irreducible(v, 7, start), irreducible(v, 6, !start));
  return 0;
}
