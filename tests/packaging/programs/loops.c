/* A program to instrument from the installed packages: loops and calls,
   and it says whether the compiler predefined __RR_SOFTTICKS__. */
#include <stdio.h>

static unsigned long collatz_steps(unsigned long n) {
  unsigned long steps = 0;
  while (n != 1) {
    n = (n % 2) ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

int main(void) {
  unsigned long total = 0;
  for (unsigned long n = 1; n <= 1000; n++) total += collatz_steps(n);
#ifdef __RR_SOFTTICKS__
  printf("softticks predefined; total %lu\n", total);
#else
  printf("softticks not predefined; total %lu\n", total);
#endif
  return 0;
}
