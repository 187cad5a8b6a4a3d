/* Calls, recursion and a callback: every function entry ticks. */
// break: main fib twice apply compare
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int fib(int n) {
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) int twice(int x) {
  return 2 * x;
}

__attribute__((noinline)) int apply(int (*f)(int), int x) {
  int r = f(x);
  return r + 1;
}

static int compare(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

int main(void) {
  int v[4] = {3, 1, 2, 0};
  int r = fib(4);
  r += apply(twice, r);
  qsort(v, 4, sizeof v[0], compare);
  printf("%d %d\n", r, v[0]);
  return 0;
}
