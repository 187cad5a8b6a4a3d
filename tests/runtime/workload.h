/*
 * Hand-instrumented work for the runtime tests: a loop, a recursion and a
 * qsort comparator, each ticking with RR_SOFTTICK() and counting its ticks
 * in a plain per-thread counter right after each one (so the count is kept
 * by ordinary code, independently of the countdown).
 */
#ifndef SOFTTICKS_TESTS_RUNTIME_WORKLOAD_H
#define SOFTTICKS_TESTS_RUNTIME_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

/* This thread's tick counter (ticks executed by the functions below). */
volatile uint64_t *wl_tick_counter(void);

/* Sum of 0..n-1, one tick per iteration: n ticks. */
uint64_t wl_loop(uint64_t n);

/* fib(n) by plain recursion, one tick per call. */
uint64_t wl_fib(unsigned n);

/* Sorts n pseudo-random values from seed with qsort, one tick per
 * comparison; returns 1 if the result is sorted and a permutation of the
 * input (same sum and xor), else 0.  *comparisons receives the count. */
int wl_sort(size_t n, uint32_t seed, uint64_t *comparisons);

#endif
