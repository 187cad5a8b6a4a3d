/*
 * A bump allocator that replaces malloc & co.  Its functions tick (the
 * loop in bump()), and the C++ runtime calls them from its initializer,
 * before this module's .init_array has run: the page must exist by then.
 */
#ifndef SOFTTICKS_TESTS_BUMP_MALLOC_H
#define SOFTTICKS_TESTS_BUMP_MALLOC_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* As <stdlib.h> declares them: C linkage, and noexcept in C++. */
#ifdef __cplusplus
#define ST_C_LINKAGE extern "C"
#define ST_NOEXCEPT noexcept
#else
#define ST_C_LINKAGE
#define ST_NOEXCEPT
#endif

static unsigned char bump_arena[1 << 23] __attribute__((aligned(16)));
static size_t bump_used;
unsigned long bump_calls;

static void *bump(size_t n) {
  size_t rounded = 0;
  while (rounded < n) rounded += 16; /* a loop: the function ticks */
  if (rounded == 0) rounded = 16;
  if (rounded > sizeof bump_arena - bump_used) return NULL;
  bump_calls++;
  void *p = bump_arena + bump_used;
  bump_used += rounded;
  return p;
}

ST_C_LINKAGE void *malloc(size_t n) ST_NOEXCEPT { return bump(n); }
ST_C_LINKAGE void free(void *p) ST_NOEXCEPT { (void)p; }
ST_C_LINKAGE void *calloc(size_t n, size_t size) ST_NOEXCEPT {
  if (size && n > (size_t)-1 / size) return NULL;
  void *p = bump(n * size);
  if (p) memset(p, 0, n * size);
  return p;
}
/* The old size is unknown: copy what the arena holds after p. */
ST_C_LINKAGE void *realloc(void *old, size_t n) ST_NOEXCEPT {
  void *p = bump(n);
  if (p && old) {
    size_t room = (size_t)(bump_arena + bump_used - (unsigned char *)old);
    memmove(p, old, n < room ? n : room);
  }
  return p;
}
ST_C_LINKAGE void *aligned_alloc(size_t align, size_t n) ST_NOEXCEPT {
  (void)align; /* every block is 16-aligned; larger alignments are not asked for here */
  return bump(n);
}

#endif
