/* ns per iteration of loops.s, best of 5: the cost of a tick, of a tick
 * with CF saved and with all six flags saved (run.sh). */
#include <stdio.h>
#include <time.h>
long loop_plain(long), loop_cf(long), loop_of(long);
static double t(long (*f)(long), long n) {
  struct timespec a, b; double best = 1e9;
  for (int r = 0; r < 5; r++) { clock_gettime(CLOCK_MONOTONIC, &a); f(n); clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9; if (s < best) best = s; }
  return best / n * 1e9;
}
int main(void) { long n = 100000000; printf("plain %.3f ns/iter, cf %.3f, of %.3f\n", t(loop_plain, n), t(loop_cf, n), t(loop_of, n)); return 0; }
