/*
 * The tracer under signals whose handler runs instrumented code.  Built by
 * signal_storm.sh with a compiler plugin (so the ticks are wherever the
 * pass puts them), and run in one of four modes:
 *
 *   calm    ROUNDS rounds, no signal: A + ROUNDS * R ticks
 *   once    the same, and the handler called once, directly: K more
 *   storm   SIGALRM every 300 us, interrupting anything, inside tick
 *           sequences included; runs until STORM_SIGNALS have come (the
 *           handler then stops the timer) or ROUNDS rounds are done, so
 *           it ends however slowly the tracer lets it go
 *   raise   ROUNDS rounds; the program signals itself every RAISE_EVERY
 *           rounds (raise, kill, tgkill): a deterministic program
 *
 * calm, once and storm differ only in straight-line code and system
 * calls, never in ticks, and the handler ticks K times per run, so they
 * tick exactly A + rounds * R + handled * K.  Prints "rounds R handled H".
 * usage: signal_storm MODE ROUNDS
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#define STORM_SIGNALS 300
#define RAISE_EVERY 8 /* rounds */

static volatile unsigned long sink;
static volatile unsigned long handled;
/* Rounds to run; a storm ends the loop by lowering it (so that the loop
 * always ends through the same test, with the same ticks). */
static volatile unsigned long rounds;
static int storm;

__attribute__((noinline)) static void work(unsigned long n) {
  unsigned long i;
  for (i = 0; i < n; i++) sink += i;
}

/* Recursion: the same pcs in live frames, told apart by sp. */
__attribute__((noinline)) static unsigned long depth(unsigned long n) {
  return n ? depth(n - 1) + 1 : 0;
}

static void on_signal(int sig) {
  static const struct itimerval off = {{0, 0}, {0, 0}};
  (void)sig;
  if (++handled >= STORM_SIGNALS && storm) {
    setitimer(ITIMER_REAL, &off, NULL);
    rounds = 0;
  }
  work(3);
  sink += depth(2);
}

/* Called through a volatile pointer: neither inlined nor cloned. */
static void (*volatile handler)(int) = on_signal;

__attribute__((noinline)) static void signal_self(unsigned long round) {
  switch (round / RAISE_EVERY % 3) {
    case 0: raise(SIGUSR1); break;
    case 1: kill(getpid(), SIGUSR1); break;
    default: syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1); break;
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  unsigned long r;
  int self = strcmp(mode, "raise") == 0;
  struct itimerval every = {{0, 300}, {0, 300}}, off = {{0, 0}, {0, 0}};
  struct sigaction sa;
  storm = strcmp(mode, "storm") == 0;
  if (!storm && !self && strcmp(mode, "calm") != 0 && strcmp(mode, "once") != 0) {
    fprintf(stderr, "usage: signal_storm calm|once|storm|raise ROUNDS\n");
    return 2;
  }
  rounds = argc > 2 ? strtoul(argv[2], NULL, 0) : 0;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &sa, NULL);
  sigaction(SIGUSR1, &sa, NULL);
  if (strcmp(mode, "once") == 0) handler(0);
  if (storm) setitimer(ITIMER_REAL, &every, NULL);
  for (r = 0; r < rounds; r++) {
    work(400);
    sink += depth(3);
    if (self && r % RAISE_EVERY == 0) signal_self(r);
  }
  if (storm) setitimer(ITIMER_REAL, &off, NULL);
  printf("rounds %lu handled %lu\n", r, handled);
  return 0;
}
