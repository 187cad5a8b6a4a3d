/* Reducible loops: while, do-while, for, nested; and a function without any. */
#include <stdio.h>

#include "corpus.h"

ST_NOINLINE int while_loop(const int *v, int n) {
  int s = 0;
  while (n > 0) s += v[--n];
  return s;
}

ST_NOINLINE int do_loop(const int *v, int n) {
  int s = 0;
  do s ^= v[--n] * 3; while (n > 0);
  return s;
}

ST_NOINLINE int for_loop(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  return s;
}

ST_NOINLINE int nested_loops(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) s += v[i] ^ v[j];
  return s;
}

ST_NOINLINE int straight_line(int a) { return a * 3 + 1; }

int main(void) {
  static const int v[5] = {3, 1, 4, 1, 5};
  printf("%d %d %d %d %d\n", while_loop(v, 5), do_loop(v, 5), for_loop(v, 5),
         nested_loops(v, 4), straight_line(7));
  return 0;
}
