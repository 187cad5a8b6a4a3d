/* __builtin_setjmp returns 3 times into the same frame; the jump back
 * comes from a function without ticks, so only the tick after the setjmp
 * separates the returns.
 * Ticks, by hand: main 1 + retry 1 + 3 returns of __builtin_setjmp = 5. */
#include <stdio.h>

static void *buf[5];

/* Uninstrumented: its section starts with .text.__rr_softticks. */
__attribute__((noinline, section(".text.__rr_softticks_test_jump"))) static void jump(void) {
  __builtin_longjmp(buf, 1);
}

__attribute__((noinline)) static int retry(int n) {
  volatile int tries = 0;
  __builtin_setjmp(buf);
  tries++;
  if (tries < n) jump();
  return tries;
}

int main(void) {
  printf("%d\n", retry(3));
  return 0;
}
