/* Calls each loop of loops32.S with fixed inputs and prints the results. */
#include <stdio.h>

long sum32(const long *p, long n);
unsigned add_n32(unsigned *r, const unsigned *a, const unsigned *b, long n);
long interp32(const unsigned char *ops);
long tri32(long n);

int main(void) {
  static long v[64];
  static unsigned a[32], b[32], r[32], h;
  static const unsigned char ops[] = {0, 1, 1, 0, 1, 0, 2};
  unsigned carry;
  int i;
  for (i = 0; i < 64; i++) v[i] = i * i - 7 * i;
  for (i = 0; i < 32; i++) {
    a[i] = ~0u - (unsigned)i * 3;
    b[i] = (unsigned)i * 5 + 1;
  }
  carry = add_n32(r, a, b, 32);
  for (i = 0; i < 32; i++) h = h * 31 + r[i];
  printf("sum %ld\nadd_n %u %u\ninterp %ld\ntri %ld\n", sum32(v, 64), carry, h, interp32(ops),
         tri32(30));
  return 0;
}
