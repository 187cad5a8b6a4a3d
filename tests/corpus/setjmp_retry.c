/* Retry loops built from setjmp/longjmp and sigsetjmp/siglongjmp: a later
 * return of setjmp lands again right after the call, in the same frame. */
#include <setjmp.h>
#include <stdio.h>

#include "corpus.h"

static jmp_buf env;
static sigjmp_buf senv;

ST_NOINLINE void fail(int attempt) { longjmp(env, attempt + 1); }

/* Returns from setjmp failures + 1 times (longjmp'ing back from fail). */
ST_NOINLINE int setjmp_retry(int failures) {
  volatile int attempts = 0;
  int r = setjmp(env);
  attempts++;
  if (r < failures) fail(r);
  return attempts;
}

ST_NOINLINE void sfail(int attempt) { siglongjmp(senv, attempt); }

/* A counted loop whose body may be left and re-entered with siglongjmp. */
ST_NOINLINE int sigsetjmp_loop(int tries) {
  volatile int jumps = 0;
  for (int i = 0; i < tries; i++) {
    if (sigsetjmp(senv, 1) == 0) {
      if (i % 2 == 0) sfail(i + 1);
    } else {
      jumps++;
    }
  }
  return jumps;
}

int main(void) {
  printf("%d %d\n", setjmp_retry(3), sigsetjmp_loop(5));
  return 0;
}
