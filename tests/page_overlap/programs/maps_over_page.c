/* A program that maps its own memory over the countdown page (MAP_FIXED)
 * after start-up, then keeps calling instrumented code.  No initializer
 * can see this; a tracer must stop with a clear message, not count on. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>

#include <rr/softticks.h>

__attribute__((noinline)) static int work(int i) { return i + 1; }

int main(void) {
  int s = 0;
  void *at = (void *)RR_SOFTTICKS_PAGE_ADDR;
  if (mmap(at, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != at)
    return 2;
  for (int i = 0; i < 100; i++) s += work(i);
  printf("%d\n", s);
  return 0;
}
