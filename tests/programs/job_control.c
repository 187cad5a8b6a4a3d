/*
 * Job control: a child (an ordinary fork) stops its parent with SIGSTOP,
 * watches the parent's progress counter in shared memory for 200 ms while
 * it should be stopped, then continues it with SIGCONT.  The parent ticks
 * and counts in a loop until the child is done, then prints whether it
 * went on while stopped (exit 1 if it did).  Under a tracer the stop must
 * hold until the SIGCONT, as it does without one.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tick_helpers.h"

struct shared {
  volatile long progress;
  volatile long seen[2];
  volatile int done;
};

static void sleep_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&t, &t) != 0) {
  }
}

int main(void) {
  struct shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                           -1, 0);
  pid_t parent = getpid(), pid;
  long moved;
  if (sh == MAP_FAILED) return 2;
  pid = fork();
  if (pid < 0) return 2;
  if (pid == 0) {
    sleep_ms(50);
    kill(parent, SIGSTOP);
    sleep_ms(200); /* the stop has taken effect */
    sh->seen[0] = sh->progress;
    sleep_ms(200);
    sh->seen[1] = sh->progress;
    sh->done = 1;
    kill(parent, SIGCONT);
    _exit(0);
  }
  while (!sh->done) {
    tick_n(1);
    sh->progress++;
    sleep_ms(1);
  }
  if (waitpid(pid, NULL, 0) != pid) return 2;
  moved = sh->seen[1] - sh->seen[0];
  printf("while stopped the program went on %s\n", moved ? "(wrong)" : "not at all");
  return moved != 0;
}
