/* Aggregates in the __seg_gs named address space: copies in and out are
 * byte loops (memcpy cannot reach another address space), and a 64-byte
 * clear, which plain GCC writes inline at every level (a larger one makes
 * GCC 12 itself fail in clear_storage_hints), must stay inline at -Os.  %gs points at a buffer of the
 * program: on x86-64 set with arch_prctl(ARCH_SET_GS); on i386 %gs is
 * glibc's thread pointer, whose segment covers the whole address space,
 * so an address is reached at its offset from the thread pointer. */
#include <stdint.h>
#include <stdio.h>
#ifdef __x86_64__
#include <asm/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

struct block { unsigned char bytes[600]; };
typedef __seg_gs struct block gs_block;
struct small { unsigned char bytes[64]; };

static struct block backing;

__attribute__((noipa)) void put(gs_block *d, const struct block *s) { *d = *s; }
__attribute__((noipa)) void get(struct block *d, const gs_block *s) { *d = *s; }
__attribute__((noipa)) void clear(__seg_gs struct small *d) { *d = (struct small){{0}}; }

static gs_block *gs_view(void *p) {
#ifdef __x86_64__
  if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)p) != 0) return 0;
  return (gs_block *)0;
#else
  uintptr_t tp;
  __asm__("movl %%gs:0, %0" : "=r"(tp));
  return (gs_block *)((uintptr_t)p - tp);
#endif
}

int main(int argc, char **argv) {
  (void)argv;
  static struct block a, b;
  for (int i = 0; i < 600; i++) a.bytes[i] = (unsigned char)(i * 5 + argc);
  gs_block *view = gs_view(&backing);
  put(view, &a);
  get(&b, view);
  unsigned sum = 0;
  for (int i = 0; i < 600; i++) sum = sum * 31 + b.bytes[i] + backing.bytes[i];
  clear((__seg_gs struct small *)view + 1);
  printf("%u %d\n", sum, backing.bytes[99]);
  return 0;
}
