/*
 * bin_ticks: counts the complete tick sequences (the header's bytes) in a
 * file, e.g. a linked program, to see how often the code was instrumented.
 *
 *   bin_ticks x86_64|i386|aarch64 FILE     prints the count
 *
 * Exit status: 0, or 2 on bad usage or an unreadable file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rr/softticks.h>

int main(int argc, char **argv) {
  enum rr_softticks_arch arch;
  if (argc != 3) {
    fprintf(stderr, "usage: bin_ticks x86_64|i386|aarch64 FILE\n");
    return 2;
  }
  if (strcmp(argv[1], "x86_64") == 0)
    arch = RR_SOFTTICKS_ARCH_X86_64;
  else if (strcmp(argv[1], "i386") == 0)
    arch = RR_SOFTTICKS_ARCH_I386;
  else if (strcmp(argv[1], "aarch64") == 0)
    arch = RR_SOFTTICKS_ARCH_AARCH64;
  else {
    fprintf(stderr, "bin_ticks: unknown architecture %s\n", argv[1]);
    return 2;
  }
  size_t seq_size;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &seq_size);

  FILE *f = fopen(argv[2], "rb");
  if (!f) {
    perror(argv[2]);
    return 2;
  }
  size_t cap = 1 << 20, len = 0, n;
  unsigned char *buf = malloc(cap);
  while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
    len += n;
    if (len == cap) {
      unsigned char *bigger = realloc(buf, cap *= 2);
      if (!bigger) free(buf);
      buf = bigger;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "bin_ticks: out of memory\n");
    return 2;
  }
  unsigned long count = 0;
  for (size_t i = 0; i + seq_size <= len; i++)
    if (memcmp(buf + i, seq, seq_size) == 0) count++;
  free(buf);
  printf("%lu\n", count);
  return 0;
}
