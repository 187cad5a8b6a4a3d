/*
 * One function per rule of the skip policy (common/skip_policy.h): code
 * that runs before the module's initializer (a .preinit_array entry,
 * constructors of priority 0 and 1, an ifunc resolver) and the helpers it
 * calls, beside code that runs later (a constructor of priority 101, a
 * destructor of priority 0) and the opt-outs.  Every function has one loop
 * whose body calls sink() in another unit, so an instrumented one has 2
 * ticks (entry, loop) at every -O level; run.sh checks the counts in the
 * assembly, and that the program runs with and without a tracer.
 */
#include <stdio.h>

#include "corpus.h"

void sink(int);              /* early_other.c */
void other_unit_helper(int); /* early_other.c: instrumented, not early-only */

int rounds = 2;
static int calls[16];
enum { PREINIT, CTOR0, CTOR1, CTOR101, RESOLVER, ONLY_EARLY, RECURSIVE, SHARED, LOCAL_SHARED, BY_HAND };

#define LOOP(n)                          \
  for (int i = 0; i < (n); i++) sink(i)

/* Only early code calls it: never ticks. */
static ST_NOINLINE void only_early_helper(int n) {
  calls[ONLY_EARLY]++;
  LOOP(n);
}

/* Calls itself, and only early code calls it: never ticks. */
static ST_NOINLINE void recursive_helper(int n) {
  calls[RECURSIVE]++;
  LOOP(n);
  if (n > 0) recursive_helper(n - 1);
}

/* Called early and from main: ticks (the early entry mapped the page). */
ST_NOINLINE void shared_helper(int n) {
  calls[SHARED]++;
  LOOP(n);
}

static ST_NOINLINE void local_shared_helper(int n) {
  calls[LOCAL_SHARED]++;
  LOOP(n);
}

static ST_NOINLINE void preinit_entry(void) {
  calls[PREINIT]++;
  LOOP(rounds);
  only_early_helper(rounds);
  shared_helper(rounds);
  other_unit_helper(rounds);
}
__attribute__((section(".preinit_array"), used)) static void (*const preinit[])(void) = {
    preinit_entry};

/* Reserved priorities (GCC warns): before the initializer, or tied. */
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
#endif
__attribute__((constructor(0))) static ST_NOINLINE void ctor0(void) {
  calls[CTOR0]++;
  LOOP(rounds);
  only_early_helper(rounds);
  local_shared_helper(rounds);
}

__attribute__((constructor(1))) static ST_NOINLINE void ctor1(void) {
  calls[CTOR1]++;
  LOOP(rounds);
  recursive_helper(rounds);
}

/* Put in .init_array.00000 by hand: a constructor of priority 0 (not
 * const: GCC puts its own priority-0 constructor in the same section). */
static ST_NOINLINE void init_array_by_hand(void) {
  calls[BY_HAND]++;
  LOOP(rounds);
  only_early_helper(rounds);
}
__attribute__((section(".init_array.00000"), used)) static void (*by_hand[])(void) = {
    init_array_by_hand};

/* After the initializer: ticks. */
__attribute__((constructor(101))) static ST_NOINLINE void ctor101(void) {
  calls[CTOR101]++;
  LOOP(rounds);
}

/* At exit, when the page exists: ticks. */
__attribute__((destructor(0))) static ST_NOINLINE void dtor0(void) {
  LOOP(rounds);
  fflush(stdout);
}

static ST_NOINLINE int impl(int x) {
  LOOP(x);
  return x + 1;
}

/* Runs while the loader relocates the program. */
static ST_NOINLINE int (*resolver(void))(int) {
  calls[RESOLVER]++;
  LOOP(rounds);
  only_early_helper(rounds);
  recursive_helper(1);
  shared_helper(rounds);
  local_shared_helper(rounds);
  other_unit_helper(rounds);
  return impl;
}
int via_ifunc(int) __attribute__((ifunc("resolver")));

/* Opt-outs. */
__attribute__((disable_sanitizer_instrumentation)) ST_NOINLINE void no_sanitize(int n) {
  LOOP(n);
}

__attribute__((section(".text.__rr_softticks_beforeinit"))) ST_NOINLINE void own_section(int n) {
  LOOP(n);
}

/* GCC 12 has no naked attribute for aarch64. */
#if defined(__x86_64__) || defined(__i386__) || defined(__clang__)
#define ST_HAVE_NAKED 1
#else
#define ST_HAVE_NAKED 0
#endif
#if ST_HAVE_NAKED
__attribute__((naked)) void naked_fn(void) {
  __asm__ volatile("ret");
}
#endif

int main(void) {
  int r = via_ifunc(rounds);
  shared_helper(rounds);
  local_shared_helper(rounds);
  no_sanitize(rounds);
  own_section(rounds);
#if ST_HAVE_NAKED
  naked_fn();
#endif
  /* A static program has no .preinit_array run before its constructors on
   * every libc; the count is what matters, not the order. */
  printf("preinit %d ctor0 %d ctor1 %d ctor101 %d by_hand %d resolver %d via_ifunc %d\n",
         calls[PREINIT], calls[CTOR0], calls[CTOR1], calls[CTOR101], calls[BY_HAND],
         calls[RESOLVER] > 0, r);
  printf("only_early %d recursive %d shared %d local_shared %d\n", calls[ONLY_EARLY] > 0,
         calls[RECURSIVE] > 0, calls[SHARED] > 1, calls[LOCAL_SHARED] > 1);
  return 0;
}
