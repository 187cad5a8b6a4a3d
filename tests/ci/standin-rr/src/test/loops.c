#include <stdio.h>
static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) {
  unsigned long sum = 0;
  for (unsigned i = 0; i < 25; i++) sum += fib(i);
  if (sum != 121392) return 1;
  puts("EXIT-SUCCESS");
  return 0;
}
