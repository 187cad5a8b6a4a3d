/* vfork returns twice in the same frame (child, then parent), sharing the
 * parent's memory, countdown included. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "corpus.h"

ST_NOINLINE int spawn(int code) {
  int status;
  pid_t pid = vfork();
  if (pid == 0) _exit(code);
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void) {
  int sum = 0;
  for (int i = 1; i <= 5; i++) sum += spawn(i);
  printf("%d\n", sum);
  return 0;
}
