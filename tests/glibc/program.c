/* A static program whose code ticks before any initializer runs: an
 * ifunc resolver, which glibc's static start-up (__libc_start_main,
 * apply_irel) calls while it relocates the program, before .init_array.
 * Hand-instrumented (built without a plugin, so that no early mapping
 * hides what _start does): one tick in the resolver, one per iteration of
 * main's loop, and the module's own initializer (ABI.md section 8).  With
 * Debian's crt1.o the resolver's tick meets no page (SIGSEGV); with a
 * crt1.o from docker/glibc/patches, _start has mapped it. */
#include <rr/softticks.h>
#include <stdio.h>

__asm__(RR_SOFTTICKS_INIT_ASM);

static int twice(int x) { return 2 * x; }

static int (*resolve_twice(void))(int) {
  RR_SOFTTICK();
  return twice;
}

int doubled(int) __attribute__((ifunc("resolve_twice")));

int main(void) {
  int sum = 0;
  for (int i = 0; i < 1000; i++) {
    RR_SOFTTICK();
    sum += doubled(i);
  }
  printf("sum %d\n", sum);
  return 0;
}
