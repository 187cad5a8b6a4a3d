/* memset/memcpy/memmove/strlen/memcmp that a compiler may expand inline
 * into loops (GCC -minline-all-stringops, -mstringop-strategy=loop). */
#include <stdio.h>
#include <string.h>

struct big { char bytes[4000]; };

__attribute__((noinline)) void set_var(char *p, int c, size_t n) { memset(p, c, n); }
__attribute__((noinline)) void copy_var(char *d, const char *s, size_t n) { memcpy(d, s, n); }
__attribute__((noinline)) void move_var(char *d, const char *s, size_t n) { memmove(d, s, n); }
__attribute__((noinline)) void set_const(struct big *b) { memset(b, 7, sizeof *b); }
__attribute__((noinline)) void copy_const(struct big *d, const struct big *s) { *d = *s; }
__attribute__((noinline)) size_t length(const char *s) { return strlen(s); }
__attribute__((noinline)) int compare(const char *a, const char *b, size_t n) { return memcmp(a, b, n); }
/* A loop GCC turns into a memset of at most 36 bytes, which its default
 * x86 tuning expands as a loop of 8-byte stores (bzip2's
 * BZ2_compressBlock has this shape). */
__attribute__((noinline)) void clear_small(int *freq, int n) {
  for (int i = 0; i <= (n & 7) + 1; i++) freq[i] = 0;
}
__attribute__((noinline)) int compare_const(const char *a, const char *b) { return memcmp(a, b, 200) == 0; }

static struct big x, y;

int main(int argc, char **argv) {
  (void)argv;
  size_t n = 1000 + (size_t)argc;
  set_var(x.bytes, 'a', n);
  copy_var(y.bytes, x.bytes, n);
  move_var(y.bytes + 1, y.bytes, n);
  y.bytes[n + 1] = 0;
  size_t len = length(y.bytes);
  int freq[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  clear_small(freq, argc + 5);
  set_const(&x);
  copy_const(&y, &x);
  printf("%d %zu %d %d %d\n", freq[7] + freq[9], len, compare(x.bytes, y.bytes, n), compare_const(x.bytes, y.bytes), y.bytes[3999]);
  return 0;
}
