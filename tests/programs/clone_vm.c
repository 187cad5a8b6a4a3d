/*
 * A child made by clone(CLONE_VM | SIGCHLD): a process of its own that
 * shares its parent's memory, the countdown page included, and that ptrace
 * reports as a fork.  It ticks 5 + 2 times and writes 42 where the parent
 * reads it.  A tracer must treat it as the thread it is (softticks-trace
 * refuses it with status 6), never as a program that broke the ABI.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

#include "tick_helpers.h"

static char child_stack[64 * 1024] __attribute__((aligned(16)));
static volatile int written_by_child;

static int child(void *arg) {
  (void)arg;
  tick_n(5);
  written_by_child = 42;
  return 0;
}

int main(void) {
  int status;
  pid_t pid;
  tick_n(3);
  pid = clone(child, child_stack + sizeof child_stack, CLONE_VM | SIGCHLD, NULL);
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return 2;
  tick_n(3);
  printf("the child wrote %d\n", written_by_child);
  return written_by_child == 42 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
