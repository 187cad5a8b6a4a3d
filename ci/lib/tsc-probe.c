/* Can rr replay on this machine?  rr makes every tracee's rdtsc/rdtscp
 * trap (prctl(PR_SET_TSC, PR_TSC_SIGSEGV)) so that it records the value
 * and replays it.  Some machines accept the prctl (it returns 0), yet
 * rdtsc still runs untrapped: recording works, but every
 * replay diverges on a register that held a fresh TSC value instead of the
 * recorded one.  This sets PR_TSC_SIGSEGV, executes rdtsc and sees whether
 * SIGSEGV arrives.
 *
 *   tsc-probe [--without-prctl]
 *
 * Prints one line "tsc_trap=VALUE: explanation" and exits:
 *   0  tsc_trap=yes            rdtsc traps: rr can replay
 *   1  tsc_trap=no             the prctl was accepted, rdtsc did not trap
 *   2  tsc_trap=prctl-refused  the kernel refused PR_SET_TSC (rr cannot
 *                              record either)
 *   3  tsc_trap=not-x86        no rdtsc on this architecture: nothing probed
 *   4  tsc_trap=unknown        a SIGSEGV that is not the kernel's trap, or
 *                              the probe could not set itself up
 * --without-prctl runs rdtsc without setting PR_TSC_SIGSEGV: the control,
 * which must answer "no" (tests/ci/check_tsc_probe.sh). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

static sigjmp_buf trapped;
static volatile sig_atomic_t trap_code;

static void on_segv(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)context;
  trap_code = info->si_code;
  siglongjmp(trapped, 1);
}

int main(int argc, char **argv) {
  int set_prctl = !(argc > 1 && strcmp(argv[1], "--without-prctl") == 0);
#if defined(__x86_64__) || defined(__i386__)
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, NULL) != 0) {
    printf("tsc_trap=unknown: sigaction failed (%m)\n");
    return 4;
  }
  if (set_prctl && prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0) != 0) {
    printf("tsc_trap=prctl-refused: prctl(PR_SET_TSC, PR_TSC_SIGSEGV) failed (%m): rr cannot record or replay here\n");
    return 2;
  }
  if (sigsetjmp(trapped, 1) == 0) {
    unsigned lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    if (set_prctl)
      prctl(PR_SET_TSC, PR_TSC_ENABLE, 0, 0, 0);
    printf("tsc_trap=no: %s, and rdtsc ran untrapped (it read %#x%08x): "
           "rr records but cannot replay here (every replay diverges on a TSC value)\n",
           set_prctl ? "prctl(PR_SET_TSC, PR_TSC_SIGSEGV) returned 0" : "--without-prctl (the control)",
           hi, lo);
    return 1;
  }
  prctl(PR_SET_TSC, PR_TSC_ENABLE, 0, 0, 0);
  /* The kernel's #GP handler sends it (si_code SI_KERNEL); anything else
   * is not the trap asked about. */
  if (trap_code != SI_KERNEL) {
    printf("tsc_trap=unknown: a SIGSEGV with si_code %d, not the kernel's rdtsc trap\n", (int)trap_code);
    return 4;
  }
  printf("tsc_trap=yes: rdtsc raised SIGSEGV after prctl(PR_SET_TSC, PR_TSC_SIGSEGV): "
         "rr can replay here\n");
  return 0;
#else
  (void)set_prctl;
  printf("tsc_trap=not-x86: this architecture has no rdtsc; nothing probed\n");
  return 3;
#endif
}
