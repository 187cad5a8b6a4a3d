/*
 * asm.mc.unwind (../../mc_unwind.sh): backtrace() at every tick trap of
 * sum.S must reach main.  The in-process harness (tests/support/
 * inproc_ticks.c) arms the countdown to N and its SIGTRAP handler does the
 * tracer's half; at each trap at_trap() unwinds from the handler, through
 * the signal frame, into the stopped function (the trap's pc) and on to
 * its caller, run(), and main: what rr, gdb and profilers do at such a
 * stop.  Periods 1 to 7; the first run (period 1, one call of 199 words)
 * stops 200 times, 199 of them in a tick that saves what it clobbers.
 * Prints one line per period and the totals; exit 0 only if every stop
 * reached main and the sums are right.  x86-64, i386, aarch64.
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unwind.h>

#include <rr/softticks.h>

#include "inproc_ticks.h"

unsigned long sum_carry(const unsigned long *a, unsigned long n);
unsigned long sum_carry_fp(const unsigned long *a, unsigned long n);

#define WORDS 199
static unsigned long words[WORDS];
static unsigned stops, saving, reached, saving_reached;

int main(void);

/* The trap's pc, and whether the tick there is wrapped in a save: the
 * instruction right before the sequence is lahf (x86) or stp x16, x17,
 * [sp, #-16]! (aarch64). */
static const unsigned char *trap_pc(const ucontext_t *uc, int *saves) {
#if defined(__x86_64__)
  const unsigned char *pc = (const unsigned char *)uc->uc_mcontext.gregs[REG_RIP];
  *saves = pc[-RR_SOFTTICKS_X86_64_TICK_SIZE - 1] == 0x9f;
#elif defined(__i386__)
  const unsigned char *pc = (const unsigned char *)uc->uc_mcontext.gregs[REG_EIP];
  *saves = pc[-RR_SOFTTICKS_I386_TICK_SIZE - 1] == 0x9f;
#elif defined(__aarch64__)
  const unsigned char *pc = (const unsigned char *)uc->uc_mcontext.pc;
  uint32_t before;
  memcpy(&before, pc - RR_SOFTTICKS_AARCH64_TRAP_OFFSET - 4, 4);
  *saves = before == 0xa9bf47f0u;
#endif
  return pc;
}

static void at_trap(void *context) {
  void *frames[64];
  int saves, n = backtrace(frames, 64), i, in_fn = 0, to_main = 0;
  const unsigned char *pc = trap_pc(context, &saves);
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

static unsigned long expected(const unsigned long *a, unsigned long n) {
  unsigned long s = 0, c = 0, i;
  for (i = 0; i < n; i++) {
    unsigned long t = s + a[i];
    unsigned long c1 = t < s;
    s = t + c;
    c = c1 | (s < t);
  }
  return s + c;
}

__attribute__((noinline)) static unsigned long run(unsigned long (*f)(const unsigned long *,
                                                                      unsigned long),
                                                   unsigned long n) {
  unsigned long r = f(words, n);
  __asm__ volatile("" ::: "memory"); /* not a tail call: run() stays a frame */
  return r;
}

int main(void) {
  uint64_t period, x = 0x9e3779b97f4a7c15u;
  unsigned i, bad = 0;
  for (i = 0; i < WORDS; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    words[i] = (unsigned long)x | ~(~0ul >> 1); /* carries all along */
  }
  st_inproc_on_trap(at_trap);
  for (period = 1; period <= 7; period++) {
    struct st_inproc_report r;
    unsigned s0 = stops, v0 = saving, m0 = reached;
    unsigned long a, b;
    if (st_inproc_begin(period)) return 2;
    a = run(sum_carry, WORDS);
    b = period == 1 ? expected(words, WORDS) : run(sum_carry_fp, WORDS);
    if (st_inproc_end(&r)) return 3;
    if (a != expected(words, WORDS) || b != expected(words, WORDS)) bad++;
    printf("period %llu: stops %u, in saves %u, reached main %u\n", (unsigned long long)period,
           stops - s0, saving - v0, reached - m0);
  }
  printf("stops %u saving %u reached_main %u saving_reached_main %u sums %s\n", stops, saving,
         reached, saving_reached, bad ? "wrong" : "right");
  return bad || reached != stops;
}
