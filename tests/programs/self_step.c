/*
 * Signals inside tick sequences, deterministically: the program sets the
 * x86 trap flag around three ticks, so the kernel sends it a SIGTRAP after
 * every instruction there, inside the sequences included (under a tracer:
 * after the commit, before the int3, with an i386 borrow pending), and
 * its SIGTRAP handler ticks.  How many instructions a sequence runs
 * depends on the countdown, so the program counts its handler's runs (H)
 * and prints the ticks it ran:
 *   1 (main) + ROUNDS + 1 (loop header) + 3 * ROUNDS (stepped) + H
 * then H.  (Without a tracer the countdown is parked: every sequence skips
 * from its first jnz, and H is smaller.)  usage: self_step [ROUNDS]   (default 20)
 */
#define _GNU_SOURCE /* sigaction under -std=c11 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rr/softticks.h>

#if defined(__x86_64__)
#define TF_ON "pushf\n\torq $0x100, (%%rsp)\n\tpopf\n\t"
#define TF_OFF "pushf\n\tandq $-0x101, (%%rsp)\n\tpopf\n\t"
#else
#define TF_ON "pushf\n\torl $0x100, (%%esp)\n\tpopf\n\t"
#define TF_OFF "pushf\n\tandl $-0x101, (%%esp)\n\tpopf\n\t"
#endif

static volatile unsigned long handled;

static void on_step(int sig) {
  RR_SOFTTICK(); /* entry */
  (void)sig;
  handled++;
}

static void stepped_ticks(void) {
  /* No tick at this function's entry: it is only the stepped region. */
  __asm__ __volatile__(TF_ON RR_SOFTTICKS_TICK_ASM "\t" RR_SOFTTICKS_TICK_ASM
                       "\t" RR_SOFTTICKS_TICK_ASM "\t" TF_OFF
                       :
                       :
                       : "cc", "memory");
}

int main(int argc, char **argv) {
  unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 20;
  unsigned long i = 0;
  struct sigaction sa;
  RR_SOFTTICK(); /* entry */
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_step;
  /* SIGTRAP not blocked in its handler: the kernel forces a trap signal
   * that comes while it is blocked (here a tick trap of the handler's own
   * tick) by resetting its action to the default (see the README). */
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGTRAP, &sa, NULL);
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= rounds) break;
    stepped_ticks();
    i++;
  }
  printf("%lu %lu\n", 1 + rounds + 1 + 3 * rounds + handled, (unsigned long)handled);
  return 0;
}
