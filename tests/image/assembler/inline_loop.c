/* A loop the pass cannot see: inside an asm statement.  The assembler ticks
   its head. */
long spin(long n) {
  __asm__ volatile("1: decq %0\n\tjnz 1b" : "+r"(n));
  return n;
}
