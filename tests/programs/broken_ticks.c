/*
 * Ticks that break the ABI; the tracer must say so (status 7) when one of
 * them should trap, not count on.  Ticks 1..13 are good (main's entry,
 * tick_n(10)); then 20 rounds of a good tick (14, 16, ...) and a broken
 * one (15, 17, ...): stop-at 15 meets a broken one.
 *   late-trap   the countdown's commit as in the ABI, but a nop between the
 *               last jnz and the int3: a trap the ABI's bytes do not show
 *   no-trap     commits and never traps: the countdown goes past 0
 * Hand-written assembly on
 * purpose (these are not the ABI's sequences): x86-64 and i386.
 */
#include <string.h>

#include "tick_helpers.h"

#if defined(__x86_64__)
#define COMMIT "decq 0x70001800\n\t"
#else
#define COMMIT "subl $1, 0x70001800\n\tjnz 1f\n\tsubl $1, 0x70001804\n\tjae 1f\n\t"
#endif

__attribute__((noinline)) static void late_trap(void) {
  __asm__ volatile("testb $0x80, 0x70001807\n\tjnz 1f\n\t" COMMIT
#if defined(__x86_64__)
                   "jnz 1f\n\t"
#endif
                   "nop\n\tint3\n1:\n" ::: "cc", "memory");
}

__attribute__((noinline)) static void no_trap(void) {
  __asm__ volatile("testb $0x80, 0x70001807\n\tjnz 1f\n\t" COMMIT "1:\n" ::: "cc", "memory");
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  int i;
  RR_SOFTTICK(); /* entry */
  tick_n(10);
  for (i = 0; i < 20; i++) {
    RR_SOFTTICK(); /* loop header */
    if (!strcmp(mode, "late-trap")) late_trap();
    if (!strcmp(mode, "no-trap")) no_trap();
  }
  return 0;
}
