/*
 * Which C library the input is built for, as far as the assembler can
 * tell, and so whether it carries the early mapping (module_asm.c), whose
 * IRELATIVE relocation musl's loader refuses ("unsupported relocation
 * type 37": every dynamic program holding one softticks-as object stopped
 * at start-up; issue 27, class 4).
 *
 * The GCC plugin asks the preprocessor for __GLIBC__ (target_libc.cc).
 * The assembler gets no macro, and under musl-gcc (Debian's glibc gcc with
 * musl-gcc.specs, which changes the include directories and the link but
 * has no *asm: entry) `as` gets exactly the options it gets under gcc:
 * `--64 -o t.o t.s`.  What is left, in order:
 *   1. --softticks-libc=glibc|musl (SOFTTICKS_AS_LIBC), the user's word;
 *   2. the input's line markers (a .S after cpp): a header only musl has
 *      (bits/alltypes.h) or only glibc has (gnu/stubs.h, which glibc's
 *      features.h includes in every unit, assembly too);
 *   3. the GCC driver's own options, which it passes every program it
 *      runs in COLLECT_GCC_OPTIONS (collect2 and lto-wrapper read them):
 *      a -specs= file that names musl (musl-gcc, musl-clang's specs);
 *   4. otherwise unknown: the early mapping stays, as the plugins keep it
 *      where they cannot tell (clang -fno-integrated-as --target=*-musl
 *      passes as nothing either: use 1).
 *
 * And whether the input is a unit of the GNU C library itself, which gets no
 * early mapping (the GCC plugin's rule, gcc-plugin/target_libc.cc): built
 * with docker/glibc/patches, the loader's entry and a program's _start map
 * the countdown page before any of the library's code runs, and the loader
 * relocates itself before it can apply the early mapping's IRELATIVE
 * relocation.  The plugin asks the preprocessor for glibc's _LIBC; the
 * assembler sees only the preprocessor's output, where glibc's build
 * leaves the line marker of libc-symbols.h, the internal header it
 * includes first in every unit (-include ../include/libc-symbols.h).
 */
#include <stdio.h>
#include <string.h>

#include "sas.h"

static int ends_with(const char *s, size_t n, const char *suffix) {
  size_t k = strlen(suffix);
  return n >= k && !memcmp(s + n - k, suffix, k);
}

/* Whether a line marker (# <line> "<file>" [flags]) of buf names a file
 * ending in suffix. */
static int marker_names(const char *buf, size_t len, const char *suffix) {
  const char *p = buf, *end = buf + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *q = p, *line_end = eol ? eol : end;
    if (q < line_end && *q == '#') {
      q++;
      while (q < line_end && *q == ' ') q++;
      if (q < line_end && *q >= '0' && *q <= '9') {
        while (q < line_end && *q >= '0' && *q <= '9') q++;
        while (q < line_end && *q == ' ') q++;
        if (q < line_end && *q == '"') {
          const char *name = ++q, *close = memchr(q, '"', (size_t)(line_end - q));
          if (close && ends_with(name, (size_t)(close - name), suffix)) return 1;
        }
      }
    }
    p = line_end + 1;
  }
  return 0;
}

int sas_is_glibc_unit(const char *buf, size_t len) {
  return marker_names(buf, len, "include/libc-symbols.h");
}

enum sas_libc sas_libc_of_source(const char *buf, size_t len) {
  if (marker_names(buf, len, "/bits/alltypes.h")) return SAS_LIBC_MUSL;
  if (marker_names(buf, len, "/gnu/stubs.h")) return SAS_LIBC_GLIBC;
  return SAS_LIBC_UNKNOWN;
}

/* A -specs= file of the GCC driver's options (COLLECT_GCC_OPTIONS: each
 * option in single quotes) whose name or text names musl. */
static int driver_specs_musl(const char *options) {
  const char *p = options;
  while (options && (p = strstr(p, "'-specs=")) != NULL) {
    const char *name = p + 8, *close = strchr(name, '\'');
    char path[4096];
    FILE *f;
    if (!close || (size_t)(close - name) >= sizeof path) break;
    memcpy(path, name, (size_t)(close - name));
    path[close - name] = 0;
    p = close;
    if (strstr(path, "musl")) return 1;
    if ((f = fopen(path, "r")) != NULL) {
      char line[4096];
      int musl = 0;
      while (!musl && fgets(line, sizeof line, f)) musl = strstr(line, "musl") != NULL;
      fclose(f);
      if (musl) return 1;
    }
  }
  return 0;
}

int sas_may_map_early(enum sas_libc option, enum sas_libc source, int glibc_unit,
                      const char *driver_options) {
  if (glibc_unit) return 0;
  if (option != SAS_LIBC_UNKNOWN) return option == SAS_LIBC_GLIBC;
  if (source != SAS_LIBC_UNKNOWN) return source == SAS_LIBC_GLIBC;
  return !driver_specs_musl(driver_options);
}
