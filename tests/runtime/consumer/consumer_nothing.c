/* Calls nothing of librrsoftticks: linking it must still map the page at
 * start-up (the -u in its link line pulls the initializer in).  Prints
 * "page mapped" if the countdown's page is in /proc/self/maps. */
#include <rr/softticks.h>

#include <stdio.h>

int main(void) {
  char line[512];
  unsigned long lo, hi;
  int found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) return 2;
  while (fgets(line, sizeof line, maps))
    if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= RR_SOFTTICKS_PAGE_ADDR &&
        RR_SOFTTICKS_PAGE_ADDR < hi)
      found = 1;
  fclose(maps);
  printf("%s\n", found ? "page mapped" : "page missing");
  return found ? 0 : 1;
}
