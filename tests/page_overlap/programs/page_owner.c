/* Runs the module's page initializer again in front of a mapping this
 * program made at the countdown page (usage: page_owner CASE):
 *   own      its own memory covers the page and goes on past it (as a
 *            large image or a library loaded there would): the
 *            initializer must stop the program (status 127, a message);
 *   tracer   one page alone, as a tracer's: left alone, the program goes on;
 *   neighbour the page an initializer made, then something mapped right
 *            after it: still the initializer's, the program goes on.
 * Prints "went on" when the program survives. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <rr/softticks.h>

extern void __rr_softticks_init(void) __attribute__((visibility("hidden")));

#define PAGE ((void *)RR_SOFTTICKS_PAGE_ADDR)
#if defined(__aarch64__)
#define SPAN 0x10000ul
#else
#define SPAN 0x1000ul
#endif

/* Uninstrumented (skip section), like everything it calls here: between
 * its munmap and its mmap no page is there for a tick to read. */
#define UNTICKED __attribute__((noinline, section(".text.__rr_softticks_test")))

UNTICKED static int map_at(void *at, unsigned long len) {
  return mmap(at, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
         at;
}

UNTICKED static int set_up_and_init(const char *what) {
  if (strcmp(what, "own") == 0) {
    if (munmap(PAGE, SPAN) != 0 || !map_at(PAGE, 2 * SPAN)) return 2;
  } else if (strcmp(what, "tracer") == 0) {
    if (munmap(PAGE, SPAN) != 0 || !map_at(PAGE, SPAN)) return 2;
  } else if (strcmp(what, "neighbour") == 0) {
    if (!map_at((char *)PAGE + SPAN, SPAN)) return 2;
  } else {
    return 2;
  }
  __rr_softticks_init();
  return 0;
}

int main(int argc, char **argv) {
  if (set_up_and_init(argc > 1 ? argv[1] : "") != 0) return 2;
  printf("went on\n");
  return 0;
}
