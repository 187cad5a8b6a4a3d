/*
 * Which tick sequence the current compilation gets.  The plugin is built
 * against one GCC's headers, so the backend is fixed at build time
 * (ST_GCC_TARGET_X86 or ST_GCC_TARGET_AARCH64, from CMake); the ABI within
 * it (-m32, -mx32, -mabi=ilp32) is read from the options in effect.
 */
#include "gcc_includes.h"

#include "softticks_gcc.h"

/* x32 and aarch64 ILP32 have 32-bit pointers in 64-bit words: the ABI
 * defines no sequence (and no countdown address) for them. */
bool st_target_arch(enum rr_softticks_arch *arch) {
  unsigned pointer_bits = TYPE_PRECISION(ptr_type_node);
  unsigned word_bits = BITS_PER_WORD;
#if defined(ST_GCC_TARGET_X86)
  if (pointer_bits == 64 && word_bits == 64) {
    *arch = RR_SOFTTICKS_ARCH_X86_64;
    return true;
  }
  if (pointer_bits == 32 && word_bits == 32) {
    *arch = RR_SOFTTICKS_ARCH_I386;
    return true;
  }
#elif defined(ST_GCC_TARGET_AARCH64)
  if (pointer_bits == 64 && word_bits == 64) {
    *arch = RR_SOFTTICKS_ARCH_AARCH64;
    return true;
  }
#endif
  (void)pointer_bits;
  (void)word_bits;
  return false;
}

void st_check_target_once(void) {
  static bool warned;
  enum rr_softticks_arch arch;
  if (warned || st_target_arch(&arch)) return;
  warned = true;
  warning(0,
          "softticks: no software-tick sequence for this target or ABI "
          "(%d-bit pointers, %d-bit words); nothing is instrumented",
          (int)TYPE_PRECISION(ptr_type_node), (int)BITS_PER_WORD);
}

const char *st_tick_asm(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_TICK_ASM;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_TICK_ASM;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_TICK_ASM;
  }
  return NULL;
}
