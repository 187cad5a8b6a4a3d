/* Profile counters updated atomically (-fprofile-update=atomic): 64-bit
 * atomic adds the compilers' own instrumentation inserts, cmpxchg8b loops
 * on i386. */
#include <stdio.h>

__attribute__((noinline)) unsigned collatz_steps(unsigned long n) {
  unsigned steps = 0;
  while (n != 1) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

int main(int argc, char **argv) {
  (void)argv;
  unsigned total = 0;
  for (unsigned long i = 1; i < 200 + (unsigned long)argc; i++) total += collatz_steps(i);
  printf("%u\n", total);
  return 0;
}
