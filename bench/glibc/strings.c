/* memcpy, strlen and strchr over one size, for callgrind: measure() is
 * the only function whose instructions are collected
 * (--toggle-collect=measure), and it moves about 16 MiB whatever the size.
 *   strings FUNCTION SIZE      FUNCTION: memcpy, strlen or strchr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile size_t sink;

__attribute__((noinline)) void measure(const char *fn, char *dst, const char *src, size_t size,
                                       size_t reps) {
  for (size_t i = 0; i < reps; i++) {
    if (fn[0] == 'm')
      memcpy(dst, src, size);
    else if (fn[3] == 'l')
      sink += strlen(src);
    else
      sink += (size_t)strchr(src, 'x');
    __asm__ __volatile__("" ::: "memory");
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: strings memcpy|strlen|strchr SIZE\n");
    return 2;
  }
  size_t size = strtoul(argv[2], NULL, 0), reps = (16u << 20) / size;
  char *src = malloc(size + 1), *dst = malloc(size + 1);
  if (!src || !dst) return 1;
  memset(src, 'a', size);
  src[size] = 0;
  if (size) src[size - 1] = 'x'; /* strchr finds it at the end */
  if (reps > 1000000) reps = 1000000;
  measure(argv[1], dst, src, size, reps);
  printf("%zu\n", reps);
  return 0;
}
