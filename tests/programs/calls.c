/*
 * Correctly instrumented code that leaves and re-enters instrumented code
 * in the ways `check` has to follow: recursion (same pcs, other sps),
 * calls into libc (strlen), and libc calling back into instrumented code
 * (qsort's comparator); and a `rep movsb`, which single-stepping stops at
 * once per byte, at the same pc: one execution, not a repeat.
 *
 * Ticks, by construction, with the default depth 4 and 8 elements:
 *   main: 1 (entry) + 9 (loop header: 8 iterations + the exit test)
 *   rec(d): 1 per call; rec(d) calls rec(d - 1) twice while d > 0:
 *           2^(d+1) - 1 calls = 31 for d = 4
 *   compare: 1 per call, as many as qsort makes (not counted here: the
 *            count depends on the libc; tests use `count` only with
 *            SORT=0, the second argument).
 *   usage: calls [DEPTH [SORT]]   total (SORT=0) = 10 + 2^(DEPTH+1) - 1
 */
#include <rr/softticks.h>
#include <stdlib.h>
#include <string.h>

static volatile unsigned long sink;

__attribute__((noinline)) static unsigned long rec(unsigned d) {
  RR_SOFTTICK(); /* entry */
  if (d == 0) return 1;
  return rec(d - 1) + rec(d - 1);
}

__attribute__((noinline)) static int compare(const void *a, const void *b) {
  RR_SOFTTICK(); /* entry */
  return *(const int *)a - *(const int *)b;
}

int main(int argc, char **argv) {
  static const char *const words[8] = {"a", "bb", "ccc", "dddd", "e", "ff", "ggg", "hhhh"};
  int values[8] = {5, 3, 7, 1, 8, 2, 6, 4};
  unsigned depth = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
  int sort = argc > 2 ? atoi(argv[2]) : 1;
  unsigned i = 0;
  RR_SOFTTICK(); /* entry */
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= 8) break;
    sink += strlen(words[i]); /* uninstrumented libc */
    i++;
  }
  {
    char from[32] = "thirty-two bytes copied by rep.", to[32];
    void *dst = to;
    const void *src = from;
    unsigned long n = sizeof to;
    __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
    sink += (unsigned char)to[5];
  }
  sink += rec(depth);
  if (sort) qsort(values, 8, sizeof values[0], compare);
  return values[0] == 1 || !sort ? 0 : 1;
}
