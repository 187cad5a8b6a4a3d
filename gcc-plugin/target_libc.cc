/*
 * Whether the unit is built for a C library whose loader applies IRELATIVE
 * relocations, which the early mapping's ifunc needs (module_asm.c): glibc
 * does; musl refuses them and stops the program at start-up ("unsupported
 * relocation type 37").  A compiler cannot ask the C library, and
 * musl-gcc is Debian's glibc-targeted gcc with other include directories,
 * so the answer comes from the headers the unit included: glibc's
 * <features.h>, which nearly every glibc header (and libstdc++'s) pulls
 * in, defines __GLIBC__; musl's define no such macro.  So only a unit that
 * saw __GLIBC__ carries the early mapping; its COMDAT group gives the whole
 * module one as soon as one unit of it did.
 *
 * A unit of the GNU C library itself (glibc's internal libc-symbols.h,
 * which its build includes first in every unit, defines _LIBC) gets no
 * early mapping either: built with docker/glibc/patches, the loader's
 * entry and a program's _start map the page before any of the library's
 * code runs, and the loader relocates itself before it can apply an
 * IRELATIVE relocation (its bootstrap stops on one).
 *
 * Without a preprocessor to ask (lto1, Fortran, Ada) or on preprocessed
 * input (.i, distcc) the answer is unknown: the unit carries the early
 * mapping as before (st_c_family_reader, predefine.cc).
 */
#include "gcc_includes.h"

#include <string.h>

#include "softticks_gcc.h"

static bool defined(cpp_reader *reader, const char *macro) {
  return cpp_defined(reader, (const unsigned char *)macro, strlen(macro)) != 0;
}

bool st_unit_may_map_early(void) {
  cpp_reader *reader = st_c_family_reader();
  if (!reader) return true;
  return defined(reader, "__GLIBC__") && !defined(reader, "_LIBC");
}
