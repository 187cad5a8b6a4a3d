/* Stack probing: a frame larger than the probe interval and a variable
 * length array, built with -fstack-clash-protection (probe loops). */
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) unsigned big_frame(unsigned seed) {
  volatile unsigned char frame[300000];
  frame[0] = (unsigned char)seed;
  frame[sizeof frame - 1] = (unsigned char)(seed >> 8);
  return frame[0] + frame[sizeof frame - 1];
}

__attribute__((noinline)) unsigned vla(unsigned n) {
  volatile unsigned char buf[n];
  buf[0] = 1;
  buf[n - 1] = 2;
  return buf[0] + buf[n - 1] + n;
}

__attribute__((noinline)) unsigned with_alloca(unsigned n) {
  volatile unsigned char *p = __builtin_alloca(n);
  p[0] = 3;
  p[n - 1] = 4;
  return p[0] + p[n - 1];
}

int main(int argc, char **argv) {
  (void)argv;
  unsigned n = 100000u * (unsigned)argc;
  printf("%u %u %u\n", big_frame(0x1234), vla(n), with_alloca(n));
  return 0;
}
