/* Hand-instrumented, as rr's own hand-written test code is: this unit
 * defines the per-module initializer and the ABI note itself, in top-level
 * assembler written by hand (not taken from a header), and ticks with
 * RR_SOFTTICK() where it wants ticks.  Built by an instrumenting compiler
 * too, so the compiler's initializer (the same COMDAT group) and this one
 * must come out as one.  Passes when the initializer ran (the countdown page
 * is mapped: reading it does not fault) and the hand-placed ticks counted
 * (a fresh countdown of 0 is decremented once to -1, disarmed, and stays
 * there). */
#include <rr/softticks.h>
#include <stdint.h>
#include <stdio.h>

#if !defined(__x86_64__)
#error "hand_instrumented.c: x86-64 only (like rr's hand-written tick code)"
#endif

/* The initializer: mmap(0x70001000, 4096, PROT_READ|PROT_WRITE,
 * MAP_PRIVATE|MAP_ANONYMOUS|MAP_FIXED_NOREPLACE, -1, 0) by raw system call,
 * errors ignored; hidden, in section .text.__rr_softticks_init of COMDAT
 * group __rr_softticks_init, run from .init_array.00001 (priority 1) of the
 * same group.  The note .note.rrsoftticks: name "rr", type 1, desc the ABI
 * version (1) as 4 bytes. */
__asm__(
    "\t.pushsection .text.__rr_softticks_init,\"axG\",@progbits,__rr_softticks_init,comdat\n"
    "\t.p2align 4\n"
    "\t.globl __rr_softticks_init\n"
    "\t.hidden __rr_softticks_init\n"
    "\t.type __rr_softticks_init,@function\n"
    "__rr_softticks_init:\n"
    "\tendbr64\n"
    "\tmovl $9, %eax\n"
    "\tmovl $0x70001000, %edi\n"
    "\tmovl $4096, %esi\n"
    "\tmovl $3, %edx\n"
    "\tmovl $0x100022, %r10d\n"
    "\tmovq $-1, %r8\n"
    "\txorl %r9d, %r9d\n"
    "\tsyscall\n"
    "\tret\n"
    "\t.size __rr_softticks_init,.-__rr_softticks_init\n"
    "\t.popsection\n"
    "\t.pushsection .init_array.00001,\"awG\",@init_array,__rr_softticks_init,comdat\n"
    "\t.p2align 3\n"
    "\t.quad __rr_softticks_init\n"
    "\t.popsection\n"
    "\t.pushsection .note.rrsoftticks,\"aG\",@note,__rr_softticks_init,comdat\n"
    "\t.p2align 2\n"
    "\t.long 3\n"  /* namesz: "rr\0" */
    "\t.long 4\n"  /* descsz */
    "\t.long 1\n"  /* type */
    "\t.asciz \"rr\"\n"
    "\t.p2align 2\n"
    "\t.long 1\n"  /* ABI version */
    "\t.popsection\n");

static volatile int64_t *const countdown = (volatile int64_t *)RR_SOFTTICKS_COUNTDOWN_ADDR;

int main(void) {
  int64_t before = *countdown; /* faults if the initializer did not run */
  unsigned sum = 0;
  for (unsigned i = 0; i < 1000; i++) {
    RR_SOFTTICK();
    sum += i;
  }
  int64_t after = *countdown;
  /* No tracer: the page starts at 0 (or -1 after the compiler's own ticks
   * ran before main); one tick makes it -1, disarmed, and it stays there. */
  if (after != -1 || (before != 0 && before != -1) || sum != 499500) {
    printf("countdown %lld before the ticks, %lld after (want 0 or -1, then -1); sum %u\n",
           (long long)before, (long long)after, sum);
    return 1;
  }
  puts("EXIT-SUCCESS");
  return 0;
}
