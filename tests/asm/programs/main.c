/* Calls each loop of loops.S with fixed inputs and prints the results, so
 * that the instrumented build can be compared with the plain one. */
#include <stdio.h>

long sum(const long *p, long n);
unsigned long add_n(unsigned long *r, const unsigned long *a, const unsigned long *b, long n);
long interp(const unsigned char *ops);
unsigned long mix(unsigned long x, long n);
long sum4(const long *p, long n4);
long odd_even(long n);
long tri(long n);

int main(void) {
  static long v[64];
  static unsigned long a[32], b[32], r[32];
  static const unsigned char ops[] = {0, 1, 1, 2, 0, 1, 2, 2, 0, 1, 3};
  unsigned long carry, h = 0;
  int i;
  for (i = 0; i < 64; i++) v[i] = i * i - 7 * i;
  for (i = 0; i < 32; i++) {
    a[i] = ~0UL - (unsigned long)i * 3;
    b[i] = (unsigned long)i * 5 + 1;
  }
  carry = add_n(r, a, b, 32);
  for (i = 0; i < 32; i++) h = h * 31 + r[i];
  printf("sum %ld\n", sum(v, 64));
  printf("add_n %lu %lu\n", carry, h);
  printf("interp %ld\n", interp(ops));
  printf("mix %lu\n", mix(88172645463325252UL, 10));
  printf("sum4 %ld\n", sum4(v, 16));
  printf("odd_even %ld\n", odd_even(21));
  printf("tri %ld\n", tri(30));
  return 0;
}
