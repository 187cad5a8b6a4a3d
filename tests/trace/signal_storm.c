/*
 * The tracer under signals whose handler runs instrumented code.  Built by
 * signal_storm.sh with a compiler plugin (so the ticks are wherever the
 * pass puts them), and run in one of five modes:
 *
 *   calm    ROUNDS rounds, no signal: A + ROUNDS * R ticks
 *   once    the same, and the SIGALRM handler called once, directly: K more
 *   step1   the same, and the SIGTRAP handler called once, directly: S more
 *   storm   SIGALRM every 300 us, interrupting anything, inside tick
 *           sequences included; runs until STORM_SIGNALS have come (the
 *           handler then stops the timer) or ROUNDS rounds are done, so
 *           it ends however slowly the tracer lets it go.  Every
 *           STEP_EVERY rounds it also single-steps itself (x86 trap flag)
 *           through a call of work(), so that a SIGTRAP handler runs after
 *           every instruction of work's ticks: at small periods some of
 *           them reach 0, and that signal comes between commit and trap.
 *   alarms  a storm without the single-stepping (for `check`, whose
 *           own stepping would swallow the program's)
 *   raise   ROUNDS rounds; the program signals itself every RAISE_EVERY
 *           rounds (raise, kill, tgkill): a deterministic program
 *
 * calm, once, step1 and storm differ only in straight-line code and system
 * calls, never in ticks, and the handlers tick K and S times per run, so
 * they tick exactly A + rounds * R + handled * K + steps * S.
 * Prints "rounds R handled H steps N".
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
#define STEP_EVERY 16 /* rounds, in a storm */

static volatile unsigned long sink;
static volatile unsigned long handled, steps;
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

static void on_step(int sig) {
  (void)sig;
  steps++;
}

/* Called through volatile pointers: neither inlined nor cloned. */
static void (*volatile handler)(int) = on_signal;
static void (*volatile step_handler)(int) = on_step;

#if defined(__x86_64__)
#define TF_ON() __asm__ __volatile__("pushf\n\torq $0x100, (%%rsp)\n\tpopf" : : : "cc", "memory")
#define TF_OFF() __asm__ __volatile__("pushf\n\tandq $-0x101, (%%rsp)\n\tpopf" : : : "cc", "memory")
#else
#define TF_ON() __asm__ __volatile__("pushf\n\torl $0x100, (%%esp)\n\tpopf" : : : "cc", "memory")
#define TF_OFF() __asm__ __volatile__("pushf\n\tandl $-0x101, (%%esp)\n\tpopf" : : : "cc", "memory")
#endif

/* work(2), single-stepped when asked. */
__attribute__((noinline)) static void stepped_work(int step) {
  if (step) TF_ON();
  work(2);
  if (step) TF_OFF();
}

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
  int self = strcmp(mode, "raise") == 0, step = strcmp(mode, "storm") == 0;
  struct itimerval every = {{0, 300}, {0, 300}}, off = {{0, 0}, {0, 0}};
  struct sigaction sa;
  storm = step || strcmp(mode, "alarms") == 0;
  if (!storm && !self && strcmp(mode, "calm") != 0 && strcmp(mode, "once") != 0 &&
      strcmp(mode, "step1") != 0) {
    fprintf(stderr, "usage: signal_storm calm|once|step1|storm|alarms|raise ROUNDS\n");
    return 2;
  }
  rounds = argc > 2 ? strtoul(argv[2], NULL, 0) : 0;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &sa, NULL);
  sigaction(SIGUSR1, &sa, NULL);
  /* Not blocked in its handler: a tick trap there would otherwise make the
   * kernel reset the action (see tools/trace/README.md). */
  sa.sa_handler = on_step;
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGTRAP, &sa, NULL);
  if (strcmp(mode, "once") == 0) handler(0);
  if (strcmp(mode, "step1") == 0) step_handler(0);
  if (storm) setitimer(ITIMER_REAL, &every, NULL);
  for (r = 0; r < rounds; r++) {
    work(400);
    sink += depth(3);
    stepped_work(step && r % STEP_EVERY == 0);
    if (self && r % RAISE_EVERY == 0) signal_self(r);
  }
  if (storm) setitimer(ITIMER_REAL, &off, NULL);
  printf("rounds %lu handled %lu steps %lu\n", r, handled, steps);
  return 0;
}
