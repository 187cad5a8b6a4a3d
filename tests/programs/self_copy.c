/*
 * Code that copies its own instructions: the bytes of add_ticked (which
 * ticks once) are copied into a fresh executable mapping and called there
 * 3 times, then the original is called 3 times; prints both sums.  The
 * copy sees whatever a tracer wrote into the original's code: under
 * softticks-trace check the breakpoint at add_ticked's entry, so the copy
 * dies of a SIGTRAP that no tracer planted (README, "Not seen by check").
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <rr/softticks.h>

/* Position-independent: no data, no call.  Optimized even in this -O0
 * program, or i386 PIE code would call a PC thunk at its entry. */
__attribute__((noinline, optimize("O2"))) static long add_ticked(long a, long b) {
  RR_SOFTTICK();
  return a + b;
}

#define COPIED_BYTES 256 /* more than add_ticked's length */

int main(void) {
  long (*copy)(long, long);
  long sum_copy = 0, sum = 0;
  void *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS,
                    -1, 0);
  if (code == MAP_FAILED) return 2;
  memcpy(code, (const void *)add_ticked, COPIED_BYTES);
  copy = (long (*)(long, long))code;
  for (long i = 0; i < 3; i++) sum_copy += copy(i, 10);
  for (long i = 0; i < 3; i++) sum += add_ticked(i, 10);
  printf("%ld %ld\n", sum_copy, sum);
  return 0;
}
