/* Calls the assembly loop (loop.s) and prints what it computes. */
#include <stdio.h>

long count_down(long n);

int main(void) {
  printf("%ld\n", count_down(100000));
  return 0;
}
