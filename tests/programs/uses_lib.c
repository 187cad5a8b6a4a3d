/*
 * Calls into the instrumented shared library libticks.
 *   uses_lib        1 (main) + lib_ticks(30) = 1 + 32 = 33 ticks
 *   uses_lib spin   also lib_spin(3): 34 ticks, and a guarantee violation
 *                   in lib_spin for `check`
 */
#include <rr/softticks.h>
#include <string.h>

void lib_ticks(unsigned long n);
void lib_spin(unsigned long n);

int main(int argc, char **argv) {
  RR_SOFTTICK(); /* entry */
  lib_ticks(30);
  if (argc > 1 && !strcmp(argv[1], "spin")) lib_spin(3);
  return 0;
}
