/* A unit whose functions all opt out; one of them spins in an asm statement
   (tests/asm/plugin_output_marker*.s).  clang keeps no trace of
   no_instrument_function without -finstrument-functions (llvm-pass/README.md). */
#ifdef __clang__
#define OPT_OUT __attribute__((disable_sanitizer_instrumentation))
#else
#define OPT_OUT __attribute__((no_instrument_function))
#endif

OPT_OUT int opted_out(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i * i;
  return s;
}

#ifndef NO_ASM_LOOP
OPT_OUT void spin(long n) {
  __asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n));
}
#endif
