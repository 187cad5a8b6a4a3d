/* Calls each loop of loops_a64.S with fixed inputs and prints the results. */
#include <stdio.h>
#include <stdlib.h>

#ifdef ST_COUNT /* counts the ticks in process (tests/support/inproc_ticks.h) */
#include "inproc_ticks.h"
#endif

long sum(const long *p, long n);
long scale17(long x, long n);
long interp(const unsigned char *ops);
unsigned long mix(unsigned long x, long n);
long tri(long n);

int main(int argc, char **argv) {
  static long v[64];
#ifdef ST_COUNT
  struct st_inproc_report r;
  if (argc < 2 || st_inproc_begin(strtoull(argv[1], NULL, 0))) return 2;
#else
  (void)argc;
  (void)argv;
#endif
  static const unsigned char ops[] = {0, 1, 1, 0, 1, 0, 2};
  int i;
  for (i = 0; i < 64; i++) v[i] = i * i - 7 * i;
  printf("sum %ld\nscale17 %ld\ninterp %ld\nmix %lu\ntri %ld\n", sum(v, 64), scale17(7, 100),
         interp(ops), mix(88172645463325252UL, 10), tri(30));
#ifdef ST_COUNT
  fflush(stdout);
  if (st_inproc_end(&r)) return 3;
  printf("ticks %llu traps %llu\n", (unsigned long long)r.ticks, (unsigned long long)r.traps);
#endif
  return 0;
}
