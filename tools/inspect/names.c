/* Human-readable names for what the inspector reports. */
#include <elf.h>

#include "inspection.h"

const char *st_arch_name(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return "x86-64";
    case RR_SOFTTICKS_ARCH_I386: return "i386";
    case RR_SOFTTICKS_ARCH_AARCH64: return "aarch64";
  }
  return "unknown";
}

const char *st_machine_name(unsigned machine) {
  switch (machine) {
    case EM_X86_64: return "x86-64";
    case EM_386: return "i386";
    case EM_AARCH64: return "aarch64";
    case EM_ARM: return "arm";
    case EM_RISCV: return "riscv";
    case EM_PPC64: return "ppc64";
    case EM_PPC: return "ppc";
    case EM_S390: return "s390";
    case EM_MIPS: return "mips";
    case EM_BPF: return "bpf";
    case EM_NONE: return "none";
  }
  return "other";
}

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
