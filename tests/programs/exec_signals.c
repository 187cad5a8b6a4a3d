#define _GNU_SOURCE /* pipe2 */
/*
 * Signals that arrive while the tracer makes the countdown page of a new
 * image (between the exec and the image's first instruction).  Each image
 * forks a child that waits on a close-on-exec pipe, then execs itself: the
 * pipe closes during the exec, the child acts and exits, and its signal
 * reaches the new image about when it starts.
 *   exec_signals chld N   N execs; each child just exits (SIGCHLD, ignored
 *                         by default).  counted: N + 1 (one entry tick per
 *                         image), exit status 0
 *   exec_signals term     the child sends SIGTERM first; the new image
 *                         (`exec_signals wait`) waits for it: killed by
 *                         SIGTERM whenever it arrives
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rr/softticks.h>

/* Forks the child that acts once this process execs; 0, or -1. */
static int fork_exec_watcher(int send_term) {
  int p[2];
  char c;
  pid_t parent = getpid(), pid;
  if (pipe2(p, O_CLOEXEC) != 0) return -1;
  pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    close(p[1]);
    (void)!read(p[0], &c, 1); /* end of file: the parent exec'd */
    if (send_term) kill(parent, SIGTERM);
    _exit(0);
  }
  close(p[0]);
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  RR_SOFTTICK(); /* entry */
  if (!strcmp(mode, "chld") && argc > 2) {
    int n = atoi(argv[2]);
    char next[16];
    if (n <= 0) return 0;
    snprintf(next, sizeof next, "%d", n - 1);
    if (fork_exec_watcher(0) != 0) return 2;
    execl("/proc/self/exe", argv[0], "chld", next, (char *)0);
    return 3;
  }
  if (!strcmp(mode, "term")) {
    if (fork_exec_watcher(1) != 0) return 2;
    execl("/proc/self/exe", argv[0], "wait", (char *)0);
    return 3;
  }
  if (!strcmp(mode, "wait")) {
    for (;;) pause();
  }
  fprintf(stderr, "usage: exec_signals chld N | term\n");
  return 2;
}
