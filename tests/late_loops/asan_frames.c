/* -fsanitize=address: two 2 KB arrays in nested scopes.  ASan clears
 * their shadow in the epilogue with a store loop it writes itself when a
 * clear of that size would be a library call. */
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) unsigned frames(int n) {
  unsigned sum = 0;
  {
    char one[2048];
    memset(one, n, sizeof one);
    for (int i = 0; i < 2048; i += 97) sum += (unsigned char)one[i];
  }
  {
    char two[2048];
    for (int i = 0; i < 2048; i++) two[i] = (char)(i ^ n);
    for (int i = 0; i < 2048; i += 89) sum = sum * 3 + (unsigned char)two[i];
  }
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  unsigned total = 0;
  for (int k = 0; k < 3; k++) total += frames(argc + k);
  printf("%u\n", total);
  return 0;
}
