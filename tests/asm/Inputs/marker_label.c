/* rr's preload (syscallbuf.c, do_breakpoint): a global label in the middle
 * of an asm statement names the instruction that faults; the C code takes
 * its address and rr compares it with the ip of the fault. */
extern char fault_here;
char *fault_address(void) { return &fault_here; }

__attribute__((noinline)) void maybe_fault(unsigned long value, unsigned long *watched) {
  char *bad = (char *)-16;
  char **good = &bad;
  __asm__ __volatile__("mov (%1),%1\n\t"
                       "cmp %0,%1\n\t"
                       "cmove %3,%2\n\t"
                       "fault_here:\n\t"
                       ".global fault_here\n\t"
                       "mov (%2),%2\n\t"
                       "xor %1,%1\n\t"
                       : "+a"(value), "+D"(watched), "+S"(good), "+c"(bad)
                       :
                       : "cc", "memory");
}
