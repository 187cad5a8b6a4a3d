/*
 * Prints the mappings that start in [0x70000000, 0x70200000), the region
 * around the countdown page, one "start-end perms" line each (as
 * /proc/self/maps spells them), after ticking 10 + 2 times.  The tracer's
 * tests compare what it lays out there with what rr lays out.
 */
#include <inttypes.h>
#include <stdio.h>

#include "tick_helpers.h"

int main(void) {
  char line[512];
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) return 2;
  tick_n(10);
  while (fgets(line, sizeof line, maps)) {
    uint64_t start, end;
    char perms[8];
    if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &start, &end, perms) != 3) return 2;
    if (start >= 0x70000000u && start < 0x70200000u)
      printf("%" PRIx64 "-%" PRIx64 " %s\n", start, end, perms);
  }
  fclose(maps);
  return 0;
}
