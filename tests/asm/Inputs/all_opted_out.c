/* A unit whose functions all opt out; one of them spins in an asm statement
   (tests/asm/plugin_output_marker.s). */
__attribute__((no_instrument_function)) int opted_out(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i * i;
  return s;
}

#ifndef NO_ASM_LOOP
__attribute__((no_instrument_function)) void spin(long n) {
  __asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n));
}
#endif
