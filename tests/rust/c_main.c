/* A C program that links the Rust library (staticlib/): static or shared. */
#include <stdint.h>
#include <stdio.h>

uint64_t rust_histogram(uint32_t n);
char *rust_describe(uint64_t x);
void rust_free(char *s);

int main(void) {
  uint64_t h = 0;
  for (uint32_t round = 1; round <= 4; round++)
    h += rust_histogram(round * 50);
  char *s = rust_describe(h);
  puts(s);
  rust_free(s);
  return 0;
}
