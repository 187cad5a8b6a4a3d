/* mpn_mul's hot loops (tests/asm/gmp_mpn.sh, bench/asm_realworld):
 * R (argv[1], default 3) products of a 300-limb and a 200-limb operand
 * (Toom-Cook over mul_basecase, add_n, sub_n, addlsh1_n... of
 * mpn/x86_64), each checked against a schoolbook product in C (exits 1
 * on a difference) unless argv[2] is "nocheck" (the benchmark: mpn_mul
 * alone).  Prints a checksum of the last product. */
#include <string.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#define AN 300
#define BN 200

static mp_limb_t next(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (mp_limb_t)(*s ^ (*s >> 29));
}

/* r[0 .. an+bn) = a * b, one limb of b at a time. */
static void schoolbook(mp_limb_t *r, const mp_limb_t *a, int an, const mp_limb_t *b, int bn) {
  int i, j;
  for (i = 0; i < an + bn; i++) r[i] = 0;
  for (j = 0; j < bn; j++) {
    unsigned __int128 carry = 0;
    for (i = 0; i < an; i++) {
      unsigned __int128 t = (unsigned __int128)a[i] * b[j] + r[i + j] + carry;
      r[i + j] = (mp_limb_t)t;
      carry = t >> 64;
    }
    r[an + j] = (mp_limb_t)carry;
  }
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 3, check = !(argc > 2 && !strcmp(argv[2], "nocheck")), k, i;
  static mp_limb_t a[AN], b[BN], r[AN + BN], want[AN + BN];
  unsigned long long s = 27;
  mp_limb_t sum = 0;
  if (sizeof(mp_limb_t) != 8) return 2;
  for (k = 0; k < reps; k++) {
    for (i = 0; i < AN; i++) a[i] = next(&s);
    for (i = 0; i < BN; i++) b[i] = next(&s);
    mpn_mul(r, a, AN, b, BN);
    if (!check) continue;
    schoolbook(want, a, AN, b, BN);
    for (i = 0; i < AN + BN; i++)
      if (r[i] != want[i]) {
        printf("product %d differs at limb %d\n", k, i);
        return 1;
      }
  }
  for (i = 0; i < AN + BN; i++) sum ^= r[i] * (mp_limb_t)(i + 1);
  printf("mpn_mul %dx%d limbs, %d products: checksum %016llx\n", AN, BN, reps, (unsigned long long)sum);
  return 0;
}
