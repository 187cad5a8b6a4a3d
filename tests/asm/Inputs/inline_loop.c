/* A C function with a loop the compiler sees and one inside inline asm. */
long spin(long n, long m) {
  long s = 0;
  for (long i = 0; i < n; i++) s += i;
  __asm__ volatile("1: decq %0\n\tjnz 1b" : "+r"(m) : : "cc");
  return s + m;
}
