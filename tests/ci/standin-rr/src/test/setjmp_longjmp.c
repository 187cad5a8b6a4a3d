#include <setjmp.h>
#include <stdio.h>
static jmp_buf env;
static void jump(int n) { longjmp(env, n); }
int main(void) {
  volatile int rounds = 0;
  if (setjmp(env) < 3) {
    rounds++;
    jump(rounds);
  }
  puts(rounds == 3 ? "EXIT-SUCCESS" : "wrong number of rounds");
  return 0;
}
