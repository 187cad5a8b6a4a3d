/*
 * fragment_tool: asm/fragment.h on a file, for tests (asm.fragment.corpus).
 *
 *   fragment_tool inline|intel|module ARCH CONSTRAINTS FILE
 *
 * inline: FILE is an LLVM inline-asm template; intel: an Intel-dialect
 * one (`inteldialect`); module: module asm.  ARCH
 * is x86_64, i386 or aarch64; CONSTRAINTS the LLVM constraint string ("-"
 * for none).  Prints the instrumented text and "ticks N" on stderr (exit
 * 0), or the reason it is unchanged on stderr (exit 3); 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fragment.h"

int main(int argc, char **argv) {
  struct sas_fragment f;
  struct sas_fragment_result r;
  FILE *in;
  char *buf = NULL;
  size_t len = 0, cap = 0, n;
  int rc;
  if (argc != 5) {
    fprintf(stderr, "usage: fragment_tool inline|intel|module ARCH CONSTRAINTS FILE\n");
    return 2;
  }
  memset(&f, 0, sizeof f);
  f.kind = strcmp(argv[1], "module") ? SAS_FRAGMENT_INLINE : SAS_FRAGMENT_MODULE;
  f.intel_dialect = !strcmp(argv[1], "intel");
  f.arch = !strcmp(argv[2], "aarch64") ? RR_SOFTTICKS_ARCH_AARCH64
           : !strcmp(argv[2], "i386")  ? RR_SOFTTICKS_ARCH_I386
                                       : RR_SOFTTICKS_ARCH_X86_64;
  f.constraints = strcmp(argv[3], "-") ? argv[3] : NULL;
  if (!(in = fopen(argv[4], "rb"))) {
    perror(argv[4]);
    return 2;
  }
  do {
    if (len + 4096 > cap && !(buf = realloc(buf, cap = 2 * cap + 4096))) return 2;
    n = fread(buf + len, 1, cap - len - 1, in);
    len += n;
  } while (n);
  fclose(in);
  buf[len] = 0;
  f.text = buf;
  f.len = len;
  rc = sas_fragment_instrument(&f, &r);
  if (rc < 0) {
    fprintf(stderr, "out of memory\n");
    return 2;
  }
  if (rc == 0) {
    fprintf(stderr, "unchanged: %s\n", r.reason ? r.reason : "nothing to tick");
    fwrite(buf, 1, len, stdout);
    free(buf);
    return 3;
  }
  fwrite(r.text, 1, r.len, stdout);
  fprintf(stderr, "ticks %u saved %u widened %u\n", r.ticks, r.saved, r.widened);
  free(r.text);
  free(buf);
  return 0;
}
