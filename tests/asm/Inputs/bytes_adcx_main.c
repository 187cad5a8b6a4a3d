/* The caller of bytes_adcx.s's add_n: a carry that crosses every limb. */
#include <inttypes.h>
#include <stdio.h>

uint64_t add_n(uint64_t *d, const uint64_t *a, const uint64_t *b, long n);

int main(void) {
  uint64_t a[4] = {~0ull, ~0ull, ~0ull, 5}, b[4] = {1, 0, 0, 0}, d[4];
  uint64_t carry = add_n(d, a, b, 4);
  printf("%016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " carry %" PRIu64 "\n",
         d[3], d[2], d[1], d[0], carry);
  return 0;
}
