#define _GNU_SOURCE /* vfork, MAP_ANONYMOUS under -std=c11 */
/*
 * Forks, vforks and execs under the tracer.
 *   processes fork    parent: tick_n(100); fork; child: tick_n(1000) and
 *                     exits; parent waits, tick_n(10).
 *                     counted: 1 (main) + 102 + 12 = 115 (the fork child's
 *                     ticks are not counted: it gets a parked countdown)
 *   processes vfork   parent: tick_n(100); vfork; child: tick_n(50),
 *                     _exit; parent: tick_n(10).
 *                     counted: 1 + 102 + 52 + 12 = 167 (the vfork child
 *                     shares the countdown: its ticks count)
 *   processes exec    tick_n(100), then execs itself as `processes tail`
 *   processes tail    tick_n(20)
 *                     counted for `exec`: 1 + 102 + (1 + 22) = 126: the
 *                     tracer gives the new image a new countdown page and
 *                     counts on
 *   processes exec-prog PROG  tick_n(100), then execs PROG (of any arch):
 *                     counted: 1 + 102 + PROG's ticks
 *   processes vfork-exec  parent: tick_n(100); vfork; child: tick_n(7),
 *                     execs `processes tail`; parent waits, tick_n(10).
 *                     counted: 1 + 102 + 9 + 12 = 124 (the exec'd child
 *                     runs untraced)
 */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tick_helpers.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  pid_t pid;
  int status = 0;
  RR_SOFTTICK(); /* entry */
  if (!strcmp(mode, "tail")) {
    tick_n(20);
    return 0;
  }
  tick_n(100);
  if (!strcmp(mode, "fork")) {
    pid = fork();
    if (pid == 0) {
      tick_n(1000);
      _exit(0);
    }
  } else if (!strcmp(mode, "vfork")) {
    pid = vfork();
    if (pid == 0) {
      tick_n(50);
      _exit(0);
    }
  } else if (!strcmp(mode, "vfork-exec")) {
    pid = vfork();
    if (pid == 0) {
      char *args[] = {argv[0], "tail", NULL};
      tick_n(7);
      execv(argv[0], args);
      _exit(127);
    }
  } else if (!strcmp(mode, "exec-prog") && argc > 2) {
    char *args[] = {argv[2], NULL};
    execv(argv[2], args);
    return 127;
  } else if (!strcmp(mode, "exec")) {
    char *args[] = {argv[0], "tail", NULL};
    execv(argv[0], args);
    return 127;
  } else {
    return 2;
  }
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
    return 3;
  tick_n(10);
  return 0;
}
