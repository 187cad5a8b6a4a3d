/* A C function with a loop and no inline asm. */
long total(const long *p, long n) {
  long s = 0;
  for (long i = 0; i < n; i++) s += p[i];
  return s;
}
