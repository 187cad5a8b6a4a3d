/* Runs the module's page initializer again in front of a page someone else
 * made at the countdown's address (usage: page_owner CASE), and checks that
 * it goes on and writes nothing there (abi/ABI.md section 5: EEXIST is
 * never an error, whatever is mapped around the page):
 *   alone      one page alone, as a minimal tracer's;
 *   rr         rr's layout: its page before (0x70000000), the page, and
 *              the syscall buffer right after it (0x70002000, 1 MiB);
 *   wide       one mapping covering the page and going on past it (as a
 *              large image or a library loaded there would: the
 *              initializer cannot tell it from rr's layout, so it must
 *              not try);
 *   neighbour  the page the initializer made at start-up, then something
 *              mapped right after it.
 * Before the call every byte of the page gets a pattern; after it the page
 * must hold the same bytes.  Last, for the page the start-up initializer
 * created: nothing but the countdown may be written in it (no mark).
 * Prints "went on" when all holds; exit 2 on a set-up error, 1 on a
 * broken rule. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <rr/softticks.h>

extern void __rr_softticks_init(void) __attribute__((visibility("hidden")));

#define PAGE ((unsigned char *)RR_SOFTTICKS_PAGE_ADDR)
#if defined(__aarch64__)
#define SPAN 0x10000ul
#else
#define SPAN 0x1000ul
#endif
#define RR_PAGE ((unsigned char *)0x70000000ul)
#define RR_SYSCALLBUF_SIZE (1ul << 20)

/* Uninstrumented (skip section), like everything it calls here: between
 * its munmap and its mmap no page is there for a tick to read, and a tick
 * would change the pattern. */
#define UNTICKED __attribute__((noinline, section(".text.__rr_softticks_test")))

UNTICKED static int map_at(void *at, unsigned long len) {
  return mmap(at, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
         at;
}

/* Whether the initializer's own page holds only the countdown: every byte
 * outside its 8 is still the kernel's zero. */
UNTICKED static int only_the_countdown_written(void) {
  unsigned long off = RR_SOFTTICKS_COUNTDOWN_ADDR - RR_SOFTTICKS_PAGE_ADDR;
  for (unsigned long i = 0; i < RR_SOFTTICKS_MAP_SIZE; i++)
    if ((i < off || i >= off + 8) && PAGE[i] != 0) {
      fprintf(stderr, "page_owner: byte %#lx of the initializer's page is %#x\n", i, PAGE[i]);
      return 0;
    }
  return 1;
}

UNTICKED static int set_up_and_init(const char *what) {
  unsigned char before[RR_SOFTTICKS_MAP_SIZE];
  if (!only_the_countdown_written()) return 1;
  if (strcmp(what, "alone") == 0) {
    if (munmap(PAGE, SPAN) != 0 || !map_at(PAGE, SPAN)) return 2;
  } else if (strcmp(what, "rr") == 0) {
    if (munmap(PAGE, SPAN) != 0 || !map_at(RR_PAGE, SPAN) || !map_at(PAGE, SPAN) ||
        !map_at(PAGE + SPAN, RR_SYSCALLBUF_SIZE))
      return 2;
  } else if (strcmp(what, "wide") == 0) {
    if (munmap(PAGE, SPAN) != 0 || !map_at(PAGE, 2 * SPAN)) return 2;
  } else if (strcmp(what, "neighbour") == 0) {
    if (!map_at(PAGE + SPAN, SPAN)) return 2;
  } else {
    return 2;
  }
  for (unsigned long i = 0; i < sizeof before; i++) before[i] = (unsigned char)(i * 7 + 1);
  memcpy(PAGE, before, sizeof before);
  __rr_softticks_init();
  if (memcmp(PAGE, before, sizeof before) != 0) {
    fprintf(stderr, "page_owner: the initializer wrote into a page it did not create\n");
    return 1;
  }
  /* The countdown disarmed again (all ones) before anything ticks. */
  memset(PAGE + (RR_SOFTTICKS_COUNTDOWN_ADDR - RR_SOFTTICKS_PAGE_ADDR), 0xff, 8);
  return 0;
}

int main(int argc, char **argv) {
  int rc = set_up_and_init(argc > 1 ? argv[1] : "");
  if (rc != 0) return rc;
  printf("went on\n");
  return 0;
}
