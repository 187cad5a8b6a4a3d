/* By-value aggregate arguments: with -maccumulate-outgoing-args,
 * -mno-push-args or a tuning implying them (-mtune=intel, -march=atom),
 * i386 copies the argument into the outgoing area with a block move that
 * may not call memcpy (emit_block_move_via_loop when no strategy fits). */
#include <stdio.h>

struct arg { int words[500]; };

__attribute__((noinline)) unsigned consume(struct arg x, int k) {
  unsigned sum = 0;
  for (int i = 0; i < 500; i += 7) sum = sum * 17 + (unsigned)x.words[i] + (unsigned)k;
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  static struct arg v;
  for (int i = 0; i < 500; i++) v.words[i] = i * argc;
  unsigned total = 0;
  for (int k = 0; k < 3; k++) total += consume(v, k);
  printf("%u\n", total);
  return 0;
}
