/* Loops of every shape: each head ticks, and stepping must not notice. */
// break: main sum_for count_while nested
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) int sum_for(int n) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += i;
  return total;
}

__attribute__((noinline)) int count_while(unsigned x) {
  int bits = 0;
  while (x) {
    bits += x & 1;
    x >>= 1;
  }
  return bits;
}

__attribute__((noinline)) int nested(int n) {
  int cells = 0;
  for (int i = 0; i < n; i++) {
    int j = 0;
    do {
      cells++;
      j++;
    } while (j < i);
  }
  return cells;
}

int main(void) {
  int a = sum_for(4);
  int b = count_while(13u);
  int c = nested(3);
  sink = a + b + c;
  printf("%d %d %d\n", a, b, c);
  return 0;
}
