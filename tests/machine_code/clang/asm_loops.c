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

/* The same loops in each arch's syntax.  aarch64: x16/x17 are not
 * clobbered, so its ticks save them (an operand may sit there). */
#if defined(__aarch64__)
#define FUNCTION_TYPE "%function"
#define FILE_LOOP "mov w1, w0\n\tmov w0, #0\n1:\tadd w0, w0, #5\n\tsubs w1, w1, #1\n\tb.ne 1b\n\t"
#define INLINE_LOOP "1: add %w0, %w0, #3\n\tsubs %w1, %w1, #1\n\tb.ne 1b"
#define CARRY_LOOP "2:\n\tadd %w0, %w0, #0x7ff\n\tstr %w0, %1\n\tsub %w2, %w2, #1\n\tcbnz %w2, 2b"
#define COUNT_REG "+r"
#define GOTO_LOOP "4: subs %w0, %w0, #1\n\tb.eq %l[done]\n\tb 4b"
#define GOTO_IN "r"
#else
#if defined(__x86_64__)
#define ARG_TO_ECX "mov %edi, %ecx\n\t"
#else
#define ARG_TO_ECX "mov 4(%esp), %ecx\n\t"
#endif
#define FUNCTION_TYPE "@function"
#define FILE_LOOP ARG_TO_ECX "xor %eax, %eax\n1:\tadd $5, %eax\n\tdec %ecx\n\tjnz 1b\n\t"
#define INLINE_LOOP "1: addl $3,%0; decl %1; jnz 1b"
/* Immediates (`$$` in the IR), a memory operand, a carry across the loop. */
#define CARRY_LOOP \
  "clc\n2:\n\tadcl $0x7fffffff, %0\n\tmovl %0, %1\n\tleal -1(%2), %2\n\tjecxz 3f\n\tjmp 2b\n3:"
#define COUNT_REG "+c"
#define GOTO_LOOP "4: decl %0; jz %l[done]; jmp 4b"
#define GOTO_IN "m"
#endif

__asm__(".text\n\t.globl asm_file_loop\n\t.type asm_file_loop, " FUNCTION_TYPE
        "\nasm_file_loop:\n\t" FILE_LOOP "ret\n\t.size asm_file_loop, .-asm_file_loop\n");

static int inline_loop(int x, int n) {
  __asm__ volatile(INLINE_LOOP : "+r"(x), "+r"(n) : : "cc");
  return x;
}

static unsigned carry_loop(unsigned *mem, unsigned n) {
  unsigned acc = 0;
  __asm__ volatile(CARRY_LOOP : "+r"(acc), "=m"(*mem), COUNT_REG(n) : : "cc");
  return acc;
}

static int goto_loop(int *p) {
  __asm__ goto(GOTO_LOOP : : GOTO_IN(*p) : "cc", "memory" : done);
  return -1;
done:
  return 0;
}

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
