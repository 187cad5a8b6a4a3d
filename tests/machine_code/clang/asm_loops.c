/*
 * Counted loops written in assembly, in a C unit built with clang and the
 * pass (issue 26): an inline asm loop, one with `$$` immediates and a
 * memory operand, an `asm goto` loop that leaves through a C label, and a
 * function of file-scope asm.  Before the pass ticked assembly each was a
 * tick-free cycle (softticks-trace check: one violation per iteration).
 * Prints what the loops compute: the plain build prints the same.
 * x86-64, i386 and aarch64 (the same loops in its syntax).
 */
#include <stdio.h>
#include <stdlib.h>

int asm_file_loop(int n); /* below, file-scope asm: n * 5 */

#if defined(__aarch64__)
__asm__(".text\n\t"
        ".globl asm_file_loop\n\t"
        ".type asm_file_loop, %function\n"
        "asm_file_loop:\n\t"
        "mov w1, w0\n\t"
        "mov w0, #0\n"
        "1:\tadd w0, w0, #5\n\t"
        "subs w1, w1, #1\n\t"
        "b.ne 1b\n\t"
        "ret\n\t"
        ".size asm_file_loop, .-asm_file_loop\n");

static int inline_loop(int x, int n) {
  __asm__ volatile("1: add %w0, %w0, #3\n\tsubs %w1, %w1, #1\n\tb.ne 1b" : "+r"(x), "+r"(n) : : "cc");
  return x;
}

/* x16/x17 not clobbered: the tick saves them (an operand may sit there). */
static unsigned carry_loop(unsigned *mem, unsigned n) {
  unsigned acc = 0;
  __asm__ volatile("2:\n\t"
                   "add %w0, %w0, #0x7ff\n\t"
                   "str %w0, %1\n\t"
                   "sub %w2, %w2, #1\n\t"
                   "cbnz %w2, 2b"
                   : "+r"(acc), "=m"(*mem), "+r"(n));
  return acc;
}

static int goto_loop(int *p) {
  int v = *p;
  __asm__ goto("4: subs %w0, %w0, #1\n\tb.eq %l[done]\n\tb 4b" : : "r"(v) : "cc" : done);
  return -1;
done:
  return 0;
}
#else
#if defined(__x86_64__)
#define ARG_TO_ECX "mov %edi, %ecx\n\t"
#else
#define ARG_TO_ECX "mov 4(%esp), %ecx\n\t"
#endif
__asm__(".text\n\t"
        ".globl asm_file_loop\n\t"
        ".type asm_file_loop, @function\n"
        "asm_file_loop:\n\t" ARG_TO_ECX
        "xor %eax, %eax\n"
        "1:\tadd $5, %eax\n\t"
        "dec %ecx\n\t"
        "jnz 1b\n\t"
        "ret\n\t"
        ".size asm_file_loop, .-asm_file_loop\n");

static int inline_loop(int x, int n) {
  __asm__ volatile("1: addl $3,%0; decl %1; jnz 1b" : "+r"(x), "+r"(n));
  return x;
}

/* Immediates (`$$` in the IR), a memory operand, a carry across the loop. */
static unsigned carry_loop(unsigned *mem, unsigned n) {
  unsigned acc = 0;
  __asm__ volatile("clc\n"
                   "2:\n\t"
                   "adcl $0x7fffffff, %0\n\t"
                   "movl %0, %1\n\t"
                   "leal -1(%2), %2\n\t"
                   "jecxz 3f\n\t"
                   "jmp 2b\n"
                   "3:"
                   : "+r"(acc), "=m"(*mem), "+c"(n));
  return acc;
}

static int goto_loop(int *p) {
  __asm__ goto("4: decl %0; jz %l[done]; jmp 4b" : : "m"(*p) : "cc", "memory" : done);
  return -1;
done:
  return *p;
}
#endif

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  unsigned mem = 0;
  int counter = n;
  printf("file %d\n", asm_file_loop(n));
  printf("inline %d\n", inline_loop(7, n));
  printf("carry %u %u\n", carry_loop(&mem, (unsigned)n), mem);
  printf("goto %d\n", goto_loop(&counter));
  return 0;
}
