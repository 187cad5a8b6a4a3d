/* A threaded interpreter: labels as values and goto *, GCC/clang style. */
#include <stdio.h>

#include "corpus.h"

enum { OP_HALT, OP_INC, OP_DOUBLE, OP_LOOP };

/* OP_LOOP jumps back to the start while the counter is nonzero. */
ST_NOINLINE long interpret(const unsigned char *code, long acc, int counter) {
  static void *const ops[] = {&&op_halt, &&op_inc, &&op_double, &&op_loop};
  unsigned pc = 0;
  goto *ops[code[pc]];
op_inc:
  acc++;
  goto *ops[code[++pc]];
op_double:
  acc *= 2;
  goto *ops[code[++pc]];
op_loop:
  pc = --counter > 0 ? 0 : pc + 1;
  goto *ops[code[pc]];
op_halt:
  return acc;
}

int main(void) {
  static const unsigned char program[] = {OP_INC, OP_DOUBLE, OP_INC, OP_LOOP, OP_HALT};
  printf("%ld\n", interpret(program, 1, 3));
  return 0;
}
