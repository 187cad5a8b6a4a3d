/* Functions the plugin leaves alone, built by clang with the config file.
 * Each has a loop whose body calls an opaque function (so that -O2 keeps
 * one loop), so an instrumented one has 2 ticks.  Compiled with -S only. */
#include "corpus.h"

void sink(int);

ST_NOINLINE int plain(int n) {
  for (int i = 0; i < n; i++) sink(i);
  return n;
}

/* Dropped by clang unless -finstrument-functions or -pg is on. */
__attribute__((no_instrument_function)) ST_NOINLINE int no_instrument(int n) {
  for (int i = 0; i < n; i++) sink(i);
  return n;
}

__attribute__((disable_sanitizer_instrumentation)) ST_NOINLINE int no_sanitize(int n) {
  for (int i = 0; i < n; i++) sink(i);
  return n;
}

__attribute__((section(".text.__rr_softticks_skips"))) ST_NOINLINE int own_section(int n) {
  for (int i = 0; i < n; i++) sink(i);
  return n;
}

__attribute__((naked)) void naked(void) { __asm__ volatile("ret"); }

int main(int argc, char **argv) {
  (void)argv;
  return plain(argc) + no_instrument(argc) + no_sanitize(argc) + own_section(argc) == 0 ? 1 : 0;
}
