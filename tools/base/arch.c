/* Architecture names and the e_machine map; see arch.h. */
#include "arch.h"

#include <elf.h>

const char *st_arch_name(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return "x86-64";
    case RR_SOFTTICKS_ARCH_I386: return "i386";
    case RR_SOFTTICKS_ARCH_AARCH64: return "aarch64";
  }
  return "unknown";
}

enum rr_softticks_arch st_arch_of_elf(unsigned e_machine, int elf_class) {
  if (e_machine == EM_X86_64 && elf_class == ELFCLASS64) return RR_SOFTTICKS_ARCH_X86_64;
  if (e_machine == EM_386 && elf_class == ELFCLASS32) return RR_SOFTTICKS_ARCH_I386;
  if (e_machine == EM_AARCH64 && elf_class == ELFCLASS64) return RR_SOFTTICKS_ARCH_AARCH64;
  return (enum rr_softticks_arch)0;
}

const char *st_machine_name(unsigned e_machine) {
  switch (e_machine) {
    case EM_X86_64: return st_arch_name(RR_SOFTTICKS_ARCH_X86_64);
    case EM_386: return st_arch_name(RR_SOFTTICKS_ARCH_I386);
    case EM_AARCH64: return st_arch_name(RR_SOFTTICKS_ARCH_AARCH64);
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
