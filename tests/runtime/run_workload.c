/*
 * Runs the hand-instrumented workload with no tracer in T threads at once
 * and prints what it computed, for the test to compare with values it
 * computes itself.  Every thread must compute the same; the countdown must
 * end disarmed (the first tick wraps x86-64's and aarch64's zero page to
 * 2^64 - 1; i386's initializer starts it at all ones).
 *
 *   run_workload THREADS LOOP_N FIB_N SORT_N
 * Exit status: 0 ran (the test checks the output), 1 a thread disagreed or
 * failed, 2 bad usage.
 */
#include <rr/librrsoftticks.h>

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

struct job {
  uint64_t loop_n, sort_n;
  unsigned fib_n;
  /* results */
  uint64_t loop_sum, loop_ticks, fib, fib_ticks;
  int sorted, sort_ticks_match;
};

static void *run(void *arg) {
  struct job *j = arg;
  volatile uint64_t *ticks = wl_tick_counter();
  uint64_t t0 = *ticks, comparisons;
  j->loop_sum = wl_loop(j->loop_n);
  j->loop_ticks = *ticks - t0;
  t0 = *ticks;
  j->fib = wl_fib(j->fib_n);
  j->fib_ticks = *ticks - t0;
  t0 = *ticks;
  j->sorted = wl_sort((size_t)j->sort_n, 42, &comparisons);
  j->sort_ticks_match = *ticks - t0 == comparisons && comparisons > 0;
  return NULL;
}

int main(int argc, char **argv) {
  struct job jobs[64];
  pthread_t tids[64];
  unsigned long threads, i;
  int armed_at_start = rr_softticks_countdown_armed(), agree = 1;

  if (argc != 5 || (threads = strtoul(argv[1], NULL, 0)) < 1 || threads > 64) {
    fprintf(stderr, "usage: run_workload THREADS(1-64) LOOP_N FIB_N SORT_N\n");
    return 2;
  }
  for (i = 0; i < threads; i++) {
    memset(&jobs[i], 0, sizeof jobs[i]);
    jobs[i].loop_n = strtoull(argv[2], NULL, 0);
    jobs[i].fib_n = (unsigned)strtoul(argv[3], NULL, 0);
    jobs[i].sort_n = strtoull(argv[4], NULL, 0);
    if (pthread_create(&tids[i], NULL, run, &jobs[i]) != 0) {
      fprintf(stderr, "run_workload: pthread_create failed\n");
      return 1;
    }
  }
  for (i = 0; i < threads; i++) pthread_join(tids[i], NULL);
  for (i = 1; i < threads; i++)
    if (jobs[i].loop_sum != jobs[0].loop_sum || jobs[i].loop_ticks != jobs[0].loop_ticks ||
        jobs[i].fib != jobs[0].fib || jobs[i].fib_ticks != jobs[0].fib_ticks ||
        jobs[i].sorted != jobs[0].sorted || jobs[i].sort_ticks_match != jobs[0].sort_ticks_match)
      agree = 0;
  printf("threads=%lu agree=%d\n", threads, agree);
  printf("loop_sum=%" PRIu64 " loop_ticks=%" PRIu64 "\n", jobs[0].loop_sum, jobs[0].loop_ticks);
  printf("fib=%" PRIu64 " fib_ticks=%" PRIu64 "\n", jobs[0].fib, jobs[0].fib_ticks);
  printf("sorted=%d sort_ticks_match=%d\n", jobs[0].sorted, jobs[0].sort_ticks_match);
  printf("armed_at_start=%d armed_at_end=%d\n", armed_at_start, rr_softticks_countdown_armed());
  return agree ? 0 : 1;
}
