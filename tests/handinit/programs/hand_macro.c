/* Hand-instrumented the way rr's software-ticks tests are: the unit defines
 * the initializer itself, from the header (RR_SOFTTICKS_INIT_ASM), and
 * ticks by hand. */
#include "work.h"

__asm__(RR_SOFTTICKS_INIT_ASM);

int main(int argc, char **argv) {
  (void)argv;
  return work(argc);
}
