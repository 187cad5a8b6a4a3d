/*
 * A program for -masm=intel (intel_syntax.sh): every kind of tick the
 * plugins place (function entries, a loop head, after setjmp), the
 * initializer and the early mapping, a variable-length memset and memcpy
 * that GCC's -mstringop-strategy=loop expands into loops after its GIMPLE
 * pass (late ticks, with the flags saved under
 * -fplugin-arg-softticks-late-save), and, unless NO_OWN_ASM, asm of its
 * own: an asm statement with dialect alternatives (Intel syntax in the
 * -masm=intel build, so the two builds give the same code) and a
 * hand-written RR_SOFTTICK().
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <rr/softticks.h>

static jmp_buf env;
static char buf[4096], copy[4096];

__attribute__((noinline)) static int add(int a, int b) {
#ifndef NO_OWN_ASM
  int r;
  __asm__("{movl %1, %0\n\taddl %2, %0|mov %0, %1\n\tadd %0, %2}" : "=&r"(r) : "r"(a), "r"(b) : "cc");
  return r;
#else
  return a + b;
#endif
}

__attribute__((noinline)) static int hand_ticked(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
#if defined(__RR_SOFTTICKS__) && !defined(NO_OWN_ASM)
    RR_SOFTTICK();
#endif
    s += i;
  }
  return s;
}

__attribute__((noinline)) static void fill(char *p, int c, size_t n) { memset(p, c, n); }
__attribute__((noinline)) static void move(char *d, const char *s, size_t n) { memcpy(d, s, n); }

__attribute__((noinline)) static int jump_back(volatile int *rounds) {
  if (setjmp(env) < 3) {
    ++*rounds;
    longjmp(env, *rounds);
  }
  return *rounds;
}

int main(int argc, char **argv) {
  (void)argv;
  volatile int rounds = 0;
  long sum = 0;
  for (int i = 0; i < 1000 + argc; i++) sum = add((int)sum, i);
  fill(buf, 'x', 3000 + (size_t)argc);
  move(copy, buf, 2000 + (size_t)argc);
  printf("%ld %d %d %zu\n", sum, hand_ticked(50 + argc), jump_back(&rounds), strlen(copy));
  return 0;
}
