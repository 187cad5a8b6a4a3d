/* The demo program: ordinary C with loops, recursion and a libc callback,
 * compiled by the plugins with no source change.  Its output depends only
 * on its argument, so two runs tick identically. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int by_value(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static unsigned count_primes(unsigned limit) {
  unsigned char *composite = calloc(limit + 1, 1);
  unsigned count = 0;
  if (!composite) return 0;
  for (unsigned i = 2; i <= limit; i++) {
    if (composite[i]) continue;
    count++;
    for (unsigned j = i * 2; j <= limit; j += i) composite[j] = 1;
  }
  free(composite);
  return count;
}

int main(int argc, char **argv) {
  unsigned size = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 1000;
  int *v = malloc(sizeof *v * (size ? size : 1));
  unsigned long sum = 0;
  if (!v) return 1;
  for (unsigned i = 0; i < size; i++) v[i] = (int)((i * 2654435761u) % 1000003u);
  qsort(v, size, sizeof *v, by_value);
  for (unsigned i = 0; i < size; i += 1 + size / 10) sum += (unsigned long)v[i];
  printf("primes below %u: %u\n", size * 10, count_primes(size * 10));
  printf("fib(%u) = %lu\n", size % 20 + 5, fib(size % 20 + 5));
  printf("sorted sample sum: %lu\n", sum);
  free(v);
  return 0;
}
