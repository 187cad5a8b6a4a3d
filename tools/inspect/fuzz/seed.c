/*
 * Source of the seed corpus's tiny ELF files (see make_corpus.sh): two
 * functions with known tick sites plus the module parts by hand, built
 * without libc so that the files stay small.
 */
#include <rr/softticks.h>

__attribute__((noinline, used)) void seed_tick(void) {
  RR_SOFTTICK();
}

__attribute__((used)) void _start(void) {
  RR_SOFTTICK();
  seed_tick();
  for (;;) {
  }
}
