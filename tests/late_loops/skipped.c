/* Functions the plugin skips (no_instrument_function, an ifunc resolver,
 * a priority-0 constructor), each after instrumented ones in the unit and
 * each with a 1 KB aggregate copy: their code must be what the plain
 * build makes (check.sh compares the disassembly), whatever the plugin did
 * to the instrumented functions compiled before them. */
#include <stdio.h>

struct block { unsigned char bytes[1024]; };
static struct block a, b, c;
static int from_ctor;

__attribute__((noinline)) void instrumented_copy(struct block *d, const struct block *s) { *d = *s; }

__attribute__((noinline, no_instrument_function)) void skipped_copy(struct block *d,
                                                                    const struct block *s) {
  *d = *s;
}

__attribute__((noinline)) void instrumented_clear(struct block *d) { *d = (struct block){{0}}; }

__attribute__((noinline, no_instrument_function)) void skipped_clear(struct block *d) {
  *d = (struct block){{0}};
}

static int answer(void) { return 42; }
static int (*resolve_answer(void))(void) {
  struct block local = c; /* a 1 KB copy while relocating */
  return local.bytes[7] == 0 ? answer : 0;
}
int ifunc_answer(void) __attribute__((ifunc("resolve_answer")));

__attribute__((constructor(101))) static void late_ctor(void) { instrumented_copy(&c, &b); }

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < 1024; i++) a.bytes[i] = (unsigned char)(i + argc);
  instrumented_copy(&b, &a);
  skipped_copy(&c, &b);
  unsigned sum = 0;
  for (int i = 0; i < 1024; i++) sum = sum * 31 + c.bytes[i];
  instrumented_clear(&b);
  skipped_clear(&c);
  printf("%u %d %d %d %d\n", sum, b.bytes[9], c.bytes[9], ifunc_answer(), from_ctor);
  return 0;
}
