#define _GNU_SOURCE /* vfork, MAP_ANONYMOUS under -std=c11 */
/*
 * Signals for a vfork child that keeps running into the tracer's
 * breakpoints (`check` plants one at every instrumented function's entry,
 * in memory the child shares with its parent).  A sender process sends
 * SIGUSR1 to the child N times, each time waiting until the child's
 * handler has run; the child calls an instrumented function until the
 * sender is done.  Exit status 0 when every signal was handled, 1 when one
 * was lost (the sender waited a second for it), 2 on a setup error.
 *   vfork_signals N
 * Tick counts depend on timing: only the exit status is checked.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rr/softticks.h>

struct shared {
  volatile pid_t child;
  volatile int handled, done, lost;
};
static struct shared *sh;

static void on_usr1(int sig) {
  (void)sig;
  sh->handled++;
}

__attribute__((noinline)) static void ticked(void) {
  RR_SOFTTICK(); /* entry: where `check` plants its breakpoint */
}

static void send_all(int n) {
  struct timespec pause = {0, 20000};
  int i, waited;
  while (!sh->child) nanosleep(&pause, NULL);
  for (i = 0; i < n && !sh->lost; i++) {
    kill(sh->child, SIGUSR1);
    for (waited = 0; sh->handled <= i; waited++) {
      if (waited == 50000) { /* 1 s: lost */
        sh->lost = 1;
        break;
      }
      nanosleep(&pause, NULL);
    }
  }
  sh->done = 1;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100, status;
  pid_t sender, child;
  struct sigaction sa;
  RR_SOFTTICK(); /* entry */
  sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) return 2;
  sa.sa_handler = on_usr1;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGUSR1, &sa, NULL) != 0) return 2;
  sender = fork();
  if (sender < 0) return 2;
  if (sender == 0) {
    send_all(n);
    _exit(0);
  }
  child = vfork();
  if (child < 0) return 2;
  if (child == 0) {
    sh->child = getpid();
    while (!sh->done) ticked();
    _exit(sh->lost);
  }
  if (waitpid(child, &status, 0) != child || waitpid(sender, NULL, 0) != sender) return 2;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
