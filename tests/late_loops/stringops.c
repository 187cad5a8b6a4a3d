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
  set_const(&x);
  copy_const(&y, &x);
  printf("%zu %d %d %d\n", len, compare(x.bytes, y.bytes, n), compare_const(x.bytes, y.bytes), y.bytes[3999]);
  return 0;
}
