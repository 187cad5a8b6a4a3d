/*
 * A hand-instrumented program: it ticks where a compiler pass would (at
 * function entries and in every loop) using RR_SOFTTICK() from
 * rr/softticks.h, and links librrsoftticks, which maps the countdown's page
 * at start-up and marks the program for rr with the .note.rrsoftticks note.
 *
 *   cc -D__RR_SOFTTICKS__=1 hand_instrumented.c $(pkg-config --cflags --libs rrsoftticks)
 *   ./a.out                 # runs normally: the countdown is disarmed
 *   rr record ./a.out       # rr sees the note and counts these ticks
 *
 * Without __RR_SOFTTICKS__ the ticks compile to nothing.
 */
#include <rr/librrsoftticks.h>

#include <stdio.h>
#include <stdlib.h>

#ifdef __RR_SOFTTICKS__
#define TICK() RR_SOFTTICK()
#else
#define TICK() ((void)0)
#endif

/* Recursion: a tick at every entry. */
static unsigned long fib(unsigned n) {
  TICK();
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* A callback the C library calls: ticks at its entry too. */
static int compare_ints(const void *a, const void *b) {
  TICK();
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  unsigned long sum = 0;
  int values[64];
  unsigned seed = 12345;
  size_t i;

  TICK();
  for (i = 1; i <= 1000; i++) { /* a loop: one tick per iteration */
    TICK();
    sum += i;
  }
  for (i = 0; i < 64; i++) {
    TICK();
    seed = seed * 1103515245u + 12345u;
    values[i] = (int)(seed >> 16) % 1000;
  }
  qsort(values, 64, sizeof values[0], compare_ints);

  printf("sum(1..1000) = %lu\n", sum);
  printf("fib(20) = %lu\n", fib(20));
  printf("smallest = %d, largest = %d\n", values[0], values[63]);
  printf("countdown armed now: %s\n", rr_softticks_countdown_armed() ? "yes" : "no");
  return 0;
}
