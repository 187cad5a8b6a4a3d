/*
 * asm.mc.unwind (../../mc_unwind.sh): backtrace() at every tick trap of
 * sum.S must reach main.  The in-process harness (tests/support/
 * inproc_ticks.c) arms the countdown to N and its SIGTRAP handler does the
 * tracer's half; at each trap at_trap() unwinds from the handler, through
 * the signal frame, into the stopped function (the pc right after the
 * tick's int3) and on to its caller, run(), and main: what rr, gdb and
 * profilers do at such a stop.  Periods 1 to 7; the first run (period 1,
 * one call of 199 words) stops 200 times, 199 of them in a flag-saving tick.
 * Prints one line per period and the totals; exit 0 only if every stop
 * reached main and the sums are right.
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <ucontext.h>
#include <unwind.h>

#include "inproc_ticks.h"

uint64_t sum_carry(const uint64_t *a, uint64_t n);
uint64_t sum_carry_fp(const uint64_t *a, uint64_t n);

#define WORDS 199
static uint64_t words[WORDS];
static unsigned stops, saving, reached, saving_reached;

int main(void);

static void at_trap(void *context) {
  void *frames[64];
  const ucontext_t *uc = context;
  const unsigned char *pc = (const unsigned char *)uc->uc_mcontext.gregs[REG_RIP];
  int n = backtrace(frames, 64), i, in_fn = 0, to_main = 0;
  /* A flag-saving tick has lahf (0x9f) right before its 21 bytes. */
  int saves = pc[-21 - 1] == 0x9f;
  /* The stopped frame (its pc), then main's, by the FDE that holds it. */
  for (i = 0; i < n; i++) {
    if (frames[i] == (void *)pc) in_fn = 1;
    else if (in_fn && _Unwind_FindEnclosingFunction(frames[i]) == (void *)main) to_main = 1;
  }
  stops++;
  saving += saves;
  reached += to_main;
  saving_reached += saves && to_main;
}

static uint64_t expected(const uint64_t *a, uint64_t n) {
  uint64_t s = 0, c = 0, i;
  for (i = 0; i < n; i++) {
    uint64_t t = s + a[i];
    uint64_t c1 = t < s;
    s = t + c;
    c = c1 | (s < t);
  }
  return s + c;
}

__attribute__((noinline)) static uint64_t run(uint64_t (*f)(const uint64_t *, uint64_t),
                                              uint64_t n) {
  uint64_t r = f(words, n);
  __asm__ volatile("" ::: "memory"); /* not a tail call: run() stays a frame */
  return r;
}

int main(void) {
  uint64_t period, x = 0x9e3779b97f4a7c15u;
  unsigned i, bad = 0;
  for (i = 0; i < WORDS; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    words[i] = x | 0x8000000000000000u; /* carries all along */
  }
  st_inproc_on_trap(at_trap);
  for (period = 1; period <= 7; period++) {
    struct st_inproc_report r;
    unsigned s0 = stops, v0 = saving, m0 = reached;
    uint64_t a, b;
    if (st_inproc_begin(period)) return 2;
    a = run(sum_carry, WORDS);
    b = period == 1 ? expected(words, WORDS) : run(sum_carry_fp, WORDS);
    if (st_inproc_end(&r)) return 3;
    if (a != expected(words, WORDS) || b != expected(words, WORDS)) bad++;
    printf("period %llu: stops %u, in flag saves %u, reached main %u\n",
           (unsigned long long)period, stops - s0, saving - v0, reached - m0);
  }
  printf("stops %u saving %u reached_main %u saving_reached_main %u sums %s\n", stops, saving,
         reached, saving_reached, bad ? "wrong" : "right");
  return bad || reached != stops;
}
