#include <stdio.h>

int sum_below(int n);

int main(int argc, char **argv) {
  (void)argv;
  int s = 0;
  for (int i = 0; i < argc + 9; i++) s += sum_below(i);
  printf("%d\n", s);
  return 0;
}
