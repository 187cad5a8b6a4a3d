/* The main of a module that links a hand-instrumented unit with an
 * ordinary one (plain_unit.c): the unit's own group and the plugin's copy
 * meet in the link, which keeps one. */
#include "work.h"

int plain_unit_work(int argc);

#ifdef HAND_RAW
#include "raw_init.h"
#else
__asm__(RR_SOFTTICKS_INIT_ASM);
#endif

int main(int argc, char **argv) {
  (void)argv;
  HAND_TICK();
  return plain_unit_work(argc);
}
