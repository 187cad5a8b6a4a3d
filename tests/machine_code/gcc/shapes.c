/* Control flow only GCC has, or that only GCC models this way: the
 * __builtin_setjmp receiver (a nonlocal label behind the abnormal
 * dispatcher), a nonlocal goto out of a nested function, getcontext
 * (returns twice, like setjmp) with setcontext, and target_clones (whose
 * generated resolver is an ifunc resolver and must not tick). */
#include <stdio.h>
#include <ucontext.h>

static void *jump_buffer[5];

__attribute__((noipa)) static void jump_back(void) { __builtin_longjmp(jump_buffer, 1); }

__attribute__((noipa)) int builtin_setjmp_loop(int n) {
  volatile int k = 0;
  if (__builtin_setjmp(jump_buffer) == 0) jump_back();
  k++;
  for (int i = 0; i < n; i++) k += i;
  return k;
}

__attribute__((noipa)) int nonlocal_goto(int n) {
  __label__ out;
  int s = 0;
  void add(int i) {
    if (i > 3) goto out;
    s += i;
  }
  for (int i = 0; i < n; i++) add(i);
out:
  return s;
}

__attribute__((noipa)) int context_loop(void) {
  ucontext_t uc;
  volatile int n = 0;
  getcontext(&uc);
  n++;
  if (n < 3) setcontext(&uc);
  return n;
}

__attribute__((target_clones("default", "avx2"), noinline)) int cloned(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i * i;
  return s;
}

int main(void) {
  printf("%d %d %d %d\n", builtin_setjmp_loop(4), nonlocal_goto(10), context_loop(), cloned(9));
  return 0;
}
