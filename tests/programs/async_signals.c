/*
 * Ticks interrupted by timer signals whose handler ticks too, so the
 * tracer's stops land anywhere, inside tick sequences included.  The
 * program counts its own ticks as it goes and prints the total, which the
 * tracer's count must equal:
 *   1 (main) + ROUNDS * (LEN + 2) (tick_n) + ROUNDS + 1 (main's loop header)
 *   + 1 per handler run (none with QUIET: its handler does not tick,
 *   like an uninstrumented one).
 * usage: async_signals [ROUNDS [LEN [QUIET]]]   (default 200 20000)
 */
#define _GNU_SOURCE /* setitimer under -std=c11 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "tick_helpers.h"

static volatile sig_atomic_t handled;

static void quiet_timer(int sig) {
  (void)sig;
  handled++;
}

static void on_timer(int sig) {
  RR_SOFTTICK(); /* entry */
  (void)sig;
  handled++;
}

int main(int argc, char **argv) {
  unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 200;
  unsigned long len = argc > 2 ? strtoul(argv[2], NULL, 0) : 20000;
  int quiet = argc > 3;
  unsigned long i = 0;
  struct sigaction sa;
  struct itimerval every = {{0, 200}, {0, 200}}, off = {{0, 0}, {0, 0}};
  RR_SOFTTICK(); /* entry */
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = quiet ? quiet_timer : on_timer;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGPROF, &sa, NULL);
  setitimer(ITIMER_PROF, &every, NULL);
  for (;;) {
    RR_SOFTTICK(); /* loop header */
    if (i >= rounds) break;
    tick_n(len);
    i++;
  }
  setitimer(ITIMER_PROF, &off, NULL);
  printf("%lu %lu\n", 1 + rounds * (len + 2) + rounds + 1 + (quiet ? 0 : (unsigned long)handled),
         (unsigned long)handled);
  return 0;
}
