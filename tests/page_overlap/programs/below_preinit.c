/* Linked into a static program: something mapped right below the
 * countdown page before any constructor (a .preinit_array entry), as rr's
 * own page is under rr, so that the page check's filter lets the program
 * through to its reading of the program headers. */
#include <sys/mman.h>

#if defined(__aarch64__)
#define BELOW 0x70000000ul, 0x10000ul
#else
#define BELOW 0x70000000ul, 0x1000ul
#endif

static void map_below(unsigned long at, unsigned long len) {
  mmap((void *)at, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
}

static void below(void) { map_below(BELOW); }

__attribute__((used, section(".preinit_array"))) static void (*below_entry)(void) = below;
