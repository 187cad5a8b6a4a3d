/* A program whose static data (1.875 GiB of .bss) covers the countdown
 * page when it is linked at a fixed address (non-PIE): ticks would
 * decrement its own data there.  It sums the 8 bytes at the countdown's
 * address (0 when nothing else writes them) after 1000 calls.  Built with
 * -DSAY_WHERE it says only whether the loader put its data on the page
 * ("covers") or not ("clear"). */
#include <stdint.h>
#include <stdio.h>

static unsigned char big[0x78000000u];

__attribute__((noinline)) static int work(int i) { return i * 2; }

int main(void) {
  uintptr_t at = 0x70001800u;
  int covers = at >= (uintptr_t)big && at - (uintptr_t)big < sizeof big;
  unsigned sum = 0;
  int s = 0;
#ifdef SAY_WHERE
  puts(covers ? "covers" : "clear");
  return 0;
#endif
  for (int i = 0; i < 1000; i++) s += work(i);
  if (covers)
    for (int i = 0; i < 8; i++) sum += big[at - (uintptr_t)big + i];
  printf("%d %u\n", s, sum);
  return 0;
}
