/* A program that defines memcpy and memset itself (freestanding code, a
 * libc, a -fno-builtin runtime), each holding a 1 KB aggregate copy or
 * clear.  GCC writes those inline (rep movs / rep stos); a build that
 * turned them into calls to memcpy/memset would recurse forever. */
#include <stddef.h>
#include <stdio.h>

struct block { unsigned char bytes[1024]; };
static struct block saved, spare;

void *memcpy(void *dst, const void *src, size_t n) {
  spare = saved; /* 1 KB aggregate copy inside memcpy */
  volatile unsigned char *d = dst;
  const unsigned char *s = src;
  for (size_t i = 0; i < n; i++) d[i] = s[i];
  return dst;
}

void *memset(void *dst, int c, size_t n) {
  saved = (struct block){{0}}; /* 1 KB aggregate clear inside memset */
  volatile unsigned char *d = dst;
  for (size_t i = 0; i < n; i++) d[i] = (unsigned char)c;
  return dst;
}

__attribute__((noinline)) void copy(struct block *d, const struct block *s) { *d = *s; }
__attribute__((noinline)) void clear(struct block *d) { *d = (struct block){{0}}; }

int main(int argc, char **argv) {
  (void)argv;
  static struct block a, b;
  for (int i = 0; i < 1024; i++) a.bytes[i] = (unsigned char)(i * 7 + argc);
  saved = a;
  copy(&b, &a);
  memcpy(b.bytes + 10, a.bytes, 100 + (size_t)argc);
  memset(a.bytes, 3, 50 + (size_t)argc);
  unsigned sum = 0;
  for (int i = 0; i < 1024; i++) sum = sum * 31 + a.bytes[i] + 3u * b.bytes[i] + spare.bytes[i];
  clear(&b);
  printf("%u %d\n", sum, b.bytes[500]);
  return 0;
}
