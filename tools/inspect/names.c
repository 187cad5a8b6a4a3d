/* The name of an ELF file's type as the inspector reports it (the arch
 * names are the base's, arch.h). */
#include <elf.h>

#include "inspection.h"

const char *st_elf_type_name(const struct st_inspection *insp) {
  switch (insp->elf_type) {
    case ET_REL: return "relocatable";
    case ET_EXEC: return "executable";
    case ET_DYN:
      /* DF_1_PIE says so (binutils 2.26 and later); before it, an
       * interpreter without a soname (libc.so.6 has both: a library). */
      return insp->pie_flag || (insp->has_interp && !insp->has_soname) ? "pie-executable"
                                                                       : "shared-object";
    case ET_CORE: return "core";
  }
  return "other";
}
