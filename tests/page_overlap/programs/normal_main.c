/* A program of ordinary size, for the page check's normal cases: it must
 * run as the plain build does (PIE, non-PIE, static; with normal_lib.c as
 * a shared object), with no tracer and under one that maps the page and
 * rr's syscall buffer next to it. */
#include <stdio.h>

#ifdef WITH_LIB
int lib_sum(int n);
#endif

__attribute__((noinline)) static int work(int i) { return i * 3 + 1; }

int main(void) {
  int s = 0;
  for (int i = 0; i < 1000; i++) s += work(i);
#ifdef WITH_LIB
  s += lib_sum(100);
#endif
  printf("%d\n", s);
  return 0;
}
