/* Position-independent code copied at run time (code templates,
 * trampolines, JIT stubs): a function holding a 1 KB aggregate copy is
 * copied into an executable buffer and called there.  Its code must not
 * call anything PC-relative (memcpy@plt) that the plain build does not. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

struct block { unsigned char bytes[1024]; };

__attribute__((noinline, section("st_template"))) void copy_block(struct block *d,
                                                                   const struct block *s) {
  *d = *s;
}
extern const char __start_st_template[], __stop_st_template[];

int main(int argc, char **argv) {
  (void)argv;
  static struct block a, b;
  for (int i = 0; i < 1024; i++) a.bytes[i] = (unsigned char)(i * 13 + argc);
  size_t size = (size_t)(__stop_st_template - __start_st_template);
  void *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (code == MAP_FAILED || size > 4096) return 1;
  memcpy(code, __start_st_template, size);
  void (*copied)(struct block *, const struct block *) =
      (void (*)(struct block *, const struct block *))code;
  copied(&b, &a);
  unsigned sum = 0;
  for (int i = 0; i < 1024; i++) sum = sum * 31 + b.bytes[i];
  printf("%u\n", sum);
  return 0;
}
