/* Loops in three places of one program, for the image's plain gcc and
   plain clang with -masm=att and -masm=intel: C, an asm statement (both
   dialects, as GCC's {AT&T|Intel} alternatives), and two hand-written
   assembly files (loops_att.S in AT&T syntax, loops_intel.S in Intel
   syntax; built without -masm, which clang's integrated assembler would
   apply to them).  The image's toolchain must tick every one of them:
   `softticks-trace check --untracked` single-steps every function and
   finds no (pc, sp) that repeats without a tick. */
#include <stdio.h>

long sum_att(long n);   /* loops_att.S */
long sum_intel(long n); /* loops_intel.S */

__attribute__((noinline)) static long c_loop(long n) {
  long s = 0;
  for (long i = 0; i < n; i++) s += i ^ (s >> 3);
  return s;
}

__attribute__((noinline)) static long asm_loop(long n) {
  long s = 0;
  if (n <= 0) return 0;
  /* A named label: in Intel syntax "1b" is a binary number. */
  __asm__ volatile(".Lasm_loop%=:\n\t"
                   "{addq $3, %0|add %0, 3}\n\t"
                   "{decq %1|dec %1}\n\t"
                   "jnz .Lasm_loop%="
                   : "+r"(s), "+r"(n)
                   :
                   : "cc");
  return s;
}

int main(void) {
  printf("%ld %ld %ld %ld\n", c_loop(3000), asm_loop(3000), sum_att(3000), sum_intel(3000));
  return 0;
}
