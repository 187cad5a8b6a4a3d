/* Recursion: the same pc repeats in several live frames, told apart by sp. */
#include <stdio.h>

#include "corpus.h"

ST_NOINLINE int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

ST_NOINLINE int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

int main(void) {
  printf("%d %d\n", fib(10), depth(20));
  return 0;
}
