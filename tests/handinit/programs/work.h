/* The work every program of the suite does, ticked by the plugin (entries,
 * loop heads) and, in the hand-instrumented ones, by hand too. */
#ifndef HANDINIT_WORK_H
#define HANDINIT_WORK_H

#include <stdio.h>

#include <rr/softticks.h>

#ifdef __RR_SOFTTICKS__
#define HAND_TICK() RR_SOFTTICK()
#else
#define HAND_TICK() ((void)0)
#endif

__attribute__((noinline)) static unsigned fib(unsigned n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* A loop whose body the compiler cannot see into: the hand tick stands
 * for what rr's tests write in asm loops. */
__attribute__((noinline)) static unsigned long spin(unsigned long n) {
  unsigned long sum = 0;
  for (unsigned long i = 0; i < n; i++) {
    HAND_TICK();
    __asm__ volatile("" : "+r"(sum));
    sum = sum * 31 + i;
  }
  return sum;
}

static int work(int argc) {
  printf("spin=%lu fib=%u\n", spin(1000ul + (unsigned long)argc), fib(18));
  return 0;
}

#endif
