/* Tight loops of one atomic read-modify-write each, the result used: the
 * operations the plugins write as ticked compare-and-swap loops (or, and
 * nand, 64-bit add on i386) and one they leave alone (add on x86-64). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64 __attribute__((aligned(8)));
static u64 word64;
static uint32_t word32;

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: kernels or32|and32|nand32|add32|add64 N\n");
    return 2;
  }
  long n = atol(argv[2]);
  uint64_t sum = 0;
  if (!strcmp(argv[1], "or32"))
    for (long i = 0; i < n; i++) sum += __atomic_fetch_or(&word32, (uint32_t)i, __ATOMIC_SEQ_CST);
  else if (!strcmp(argv[1], "and32"))
    for (long i = 0; i < n; i++) sum += __atomic_fetch_and(&word32, (uint32_t)~i, __ATOMIC_SEQ_CST);
  else if (!strcmp(argv[1], "nand32"))
    for (long i = 0; i < n; i++) sum += __atomic_fetch_nand(&word32, (uint32_t)i, __ATOMIC_SEQ_CST);
  else if (!strcmp(argv[1], "add32"))
    for (long i = 0; i < n; i++) sum += __atomic_fetch_add(&word32, (uint32_t)i, __ATOMIC_SEQ_CST);
  else if (!strcmp(argv[1], "add64"))
    for (long i = 0; i < n; i++) sum += __atomic_fetch_add(&word64, (uint64_t)i, __ATOMIC_SEQ_CST);
  else
    return 2;
  printf("%llu\n", (unsigned long long)sum);
  return 0;
}
