/*
 * A model of the three tick sequences, one instruction at a time, doing
 * exactly the word operations the assembly does (abi/tick-sequences.txt,
 * include/rr/softticks.h).  The countdown is one little-endian 64-bit
 * memory word; i386 touches it as two 32-bit halves.  `pc` is the offset in
 * the sequence of the next instruction; the sequence's size is its end.
 */
#ifndef SOFTTICKS_TESTS_ABI_TICK_MODEL_H
#define SOFTTICKS_TESTS_ABI_TICK_MODEL_H

#include <rr/softticks.h>
#include <stdint.h>

struct cpu {
  enum rr_softticks_arch arch;
  uint64_t mem;      /* the countdown */
  unsigned pc;       /* offset in the sequence */
  int zf, cf;        /* x86 flags */
  uint64_t x16, x17; /* aarch64 scratch registers */
  uint64_t commits;  /* decrements stored so far */
  int trapped;       /* the trap instruction ran */
};

static unsigned model_size(enum rr_softticks_arch arch) {
  size_t size;
  rr_softticks_sequence_bytes(arch, &size);
  return (unsigned)size;
}

static void x86_64_step(struct cpu *c) {
  switch (c->pc) {
    case 0: /* testb $0x80, 0x70001807 */
      c->zf = ((c->mem >> 56) & 0x80) == 0;
      c->cf = 0;
      c->pc = 8;
      break;
    case 8: c->pc = c->zf ? 10 : 21; break; /* jnz 1f */
    case 10:                                /* decq 0x70001800 */
      c->mem -= 1;
      c->zf = c->mem == 0;
      c->commits++;
      c->pc = 18;
      break;
    case 18: c->pc = c->zf ? 20 : 21; break; /* jnz 1f */
    case 20:                                 /* int3: SIGTRAP with pc after it */
      c->trapped = 1;
      c->pc = 21;
      break;
  }
}

static void i386_step(struct cpu *c) {
  uint32_t lo = (uint32_t)c->mem, hi = (uint32_t)(c->mem >> 32), r;
  switch (c->pc) {
    case 0: /* testb $0x80, 0x70001807: the top byte of the high word */
      c->zf = (hi >> 24 & 0x80) == 0;
      c->cf = 0;
      c->pc = 7;
      break;
    case 7: c->pc = c->zf ? 9 : 28; break; /* jnz 1f */
    case 9:                                /* subl $1, 0x70001800 */
      r = lo - 1;
      c->cf = lo < 1;
      c->zf = r == 0;
      c->mem = (uint64_t)hi << 32 | r;
      c->commits++;
      c->pc = 16;
      break;
    case 16: c->pc = c->zf ? 18 : 28; break; /* jnz 1f */
    case 18:                                 /* subl $1, 0x70001804 */
      r = hi - 1;
      c->cf = hi < 1;
      c->zf = r == 0;
      c->mem = (uint64_t)r << 32 | lo;
      c->pc = 25;
      break;
    case 25: c->pc = c->cf ? 27 : 28; break; /* jae 1f: taken when CF = 0 */
    case 27:                                 /* int3 */
      c->trapped = 1;
      c->pc = 28;
      break;
  }
}

static void aarch64_step(struct cpu *c) {
  switch (c->pc) {
    case 0: c->x16 = UINT64_C(0x7001) << 16; c->pc = 4; break; /* movz */
    case 4:                                                     /* ldr x17, [x16, #0x800] */
      c->x17 = c->mem;
      c->pc = 8;
      break;
    case 8: c->pc = (c->x17 >> 63) ? 28 : 12; break; /* tbnz x17, #63, 1f */
    case 12: c->x17 -= 1; c->pc = 16; break;          /* sub x17, x17, #1 */
    case 16:                                          /* str x17, [x16, #0x800] */
      c->mem = c->x17;
      c->commits++;
      c->pc = 20;
      break;
    case 20: c->pc = c->x17 ? 28 : 24; break; /* cbnz x17, 1f */
    case 24:                                  /* brk: SIGTRAP with the pc at the brk; the
                                                 tracer continues at the end with x17 = 0 */
      c->trapped = 1;
      c->x17 = 0;
      c->pc = 32;
      break;
    case 28: c->x17 = 0; c->pc = 32; break; /* 1: mov x17, xzr */
  }
}

/* Runs one instruction.  Returns 0, or -1 if pc is not an instruction
 * boundary (a bug in the test). */
static int model_step(struct cpu *c) {
  unsigned before = c->pc;
  switch (c->arch) {
    case RR_SOFTTICKS_ARCH_X86_64: x86_64_step(c); break;
    case RR_SOFTTICKS_ARCH_I386: i386_step(c); break;
    case RR_SOFTTICKS_ARCH_AARCH64: aarch64_step(c); break;
  }
  return c->pc == before ? -1 : 0;
}

/* Runs from the current pc to the end of the sequence. */
static void model_finish(struct cpu *c) {
  unsigned end = model_size(c->arch);
  while (c->pc != end)
    if (model_step(c) != 0) break;
}

/* One whole tick from the start of the sequence. */
static void model_tick(struct cpu *c) {
  c->pc = 0;
  model_finish(c);
}

#endif
