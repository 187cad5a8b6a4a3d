/* Fails on purpose (-DSTANDIN_FAILING_TEST=ON): failures must be collected.
 * Before it fails it runs Debian's make, which has no ticks in any image
 * (the toolchain is Debian's): the summary must name it among the
 * programs this test recorded without ticks. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
  pid_t child = fork();
  if (child == 0) {
    execl("/usr/bin/make", "make", "--version", (char *)NULL);
    _exit(127);
  }
  int status;
  waitpid(child, &status, 0);
  printf("failing on purpose (make --version: status %d)\n", status);
  return 3;
}
