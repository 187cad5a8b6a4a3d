/*
 * Whether the input is a unit of the GNU C library itself, which gets no
 * early mapping (the GCC plugin's rule, gcc-plugin/target_libc.cc): built
 * with docker/glibc/patches, the loader's entry and a program's _start map
 * the countdown page before any of the library's code runs, and the loader
 * relocates itself before it can apply the early mapping's IRELATIVE
 * relocation.  The plugin asks the preprocessor for glibc's _LIBC; the
 * assembler sees only the preprocessor's output, where glibc's build
 * leaves the line marker of libc-symbols.h, the internal header it
 * includes first in every unit (-include ../include/libc-symbols.h).
 */
#include <string.h>

#include "sas.h"

static int ends_with(const char *s, size_t n, const char *suffix) {
  size_t k = strlen(suffix);
  return n >= k && !memcmp(s + n - k, suffix, k);
}

int sas_is_glibc_unit(const char *buf, size_t len) {
  static const char header[] = "include/libc-symbols.h";
  const char *p = buf, *end = buf + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *q = p, *line_end = eol ? eol : end;
    /* A line marker: # <line> "<file>" [flags] */
    if (q < line_end && *q == '#') {
      q++;
      while (q < line_end && *q == ' ') q++;
      if (q < line_end && *q >= '0' && *q <= '9') {
        while (q < line_end && *q >= '0' && *q <= '9') q++;
        while (q < line_end && *q == ' ') q++;
        if (q < line_end && *q == '"') {
          const char *name = ++q, *close = memchr(q, '"', (size_t)(line_end - q));
          if (close && ends_with(name, (size_t)(close - name), header)) return 1;
        }
      }
    }
    p = line_end + 1;
  }
  return 0;
}
