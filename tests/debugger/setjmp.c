/* setjmp/longjmp: a tick follows each return of setjmp. */
// break: main fail_once
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static volatile int tries;

__attribute__((noinline)) void fail_once(void) {
  tries++;
  if (tries < 3)
    longjmp(env, tries);
}

int main(void) {
  volatile int seen = 0;
  if (setjmp(env) != 0)
    seen++;
  fail_once();
  printf("%d %d\n", seen, tries);
  return 0;
}
