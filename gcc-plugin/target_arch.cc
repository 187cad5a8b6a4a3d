/*
 * Which tick sequence the current compilation gets.  The plugin is built
 * against one GCC's headers, so the backend is fixed at build time
 * (ST_GCC_TARGET_X86 or ST_GCC_TARGET_AARCH64, from CMake); the ABI within
 * it (-m32, -mx32, -m16, -mcmodel=kernel, -mabi=ilp32, -mbig-endian) is
 * read from the options in effect.
 */
#include "gcc_includes.h"

#include "softticks_gcc.h"

/* Why the ABI has no sequence for the code GCC generates here, or NULL
 * when it has one:
 *   - x32 and aarch64 ILP32 have 32-bit pointers in 64-bit words: no
 *     sequence and no countdown address for them;
 *   - 16-bit code (-m16, or file-scope asm whose last .code directive is
 *     .code16 / .code16gcc, the way before -m16): the assembler would cut
 *     the sequence's 32-bit absolute addresses to 16 bits (0x1807);
 *   - -mcmodel=kernel: kernel code cannot reach a user page;
 *   - big-endian aarch64: the countdown is a little-endian word. */
#if defined(ST_GCC_TARGET_X86)
static bool toplevel_asm_16bit;
#endif

static const char *unsupported_reason(void) {
  unsigned pointer_bits = TYPE_PRECISION(ptr_type_node);
  unsigned word_bits = BITS_PER_WORD;
#if defined(ST_GCC_TARGET_X86)
  if (TARGET_16BIT) return "16-bit code (-m16)";
  if (toplevel_asm_16bit) return "16-bit code (.code16 in file-scope asm)";
  if (TARGET_64BIT && ix86_cmodel == CM_KERNEL) return "kernel code (-mcmodel=kernel)";
#elif defined(ST_GCC_TARGET_AARCH64)
  if (BYTES_BIG_ENDIAN) return "big-endian code (-mbig-endian)";
#endif
  if (pointer_bits != word_bits) return "an ABI with pointers narrower than words (x32, ILP32)";
  return NULL;
}

bool st_target_arch(enum rr_softticks_arch *arch) {
  unsigned pointer_bits = TYPE_PRECISION(ptr_type_node);
  if (unsupported_reason()) return false;
#if defined(ST_GCC_TARGET_X86)
  if (pointer_bits == 64) {
    *arch = RR_SOFTTICKS_ARCH_X86_64;
    return true;
  }
  if (pointer_bits == 32) {
    *arch = RR_SOFTTICKS_ARCH_I386;
    return true;
  }
#elif defined(ST_GCC_TARGET_AARCH64)
  if (pointer_bits == 64) {
    *arch = RR_SOFTTICKS_ARCH_AARCH64;
    return true;
  }
#endif
  (void)pointer_bits;
  return false;
}

void st_check_target_once(void) {
  static bool warned;
  enum rr_softticks_arch arch;
  const char *reason;
  if (warned || st_target_arch(&arch)) return;
  warned = true;
  reason = unsupported_reason();
  warning(0,
          "softticks: no software-tick sequence for this target or ABI "
          "(%s%s%d-bit pointers, %d-bit words); nothing is instrumented",
          reason ? reason : "", reason ? ", " : "", (int)TYPE_PRECISION(ptr_type_node),
          (int)BITS_PER_WORD);
}

/* PLUGIN_ALL_IPA_PASSES_START, before any function is instrumented and
 * while the unit's file-scope asm statements are still listed: whether
 * they leave the assembler in 16-bit mode. */
void st_check_toplevel_asm(void *, void *) {
#if defined(ST_GCC_TARGET_X86)
  const char *last = NULL;
  for (asm_node *a = symtab->first_asm_symbol(); a; a = a->next) {
    const char *text = TREE_STRING_POINTER(a->asm_str);
    for (const char *p = strstr(text, ".code"); p; p = strstr(p + 1, ".code"))
      if (!strncmp(p, ".code16", 7) || !strncmp(p, ".code32", 7) || !strncmp(p, ".code64", 7))
        last = p;
  }
  toplevel_asm_16bit = last && !strncmp(last, ".code16", 7);
  if (toplevel_asm_16bit) st_check_target_once();
#endif
}

const char *st_tick_asm(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_TICK_ASM;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_TICK_ASM;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_TICK_ASM;
  }
  return NULL;
}

const char *st_tick_template(enum rr_softticks_arch arch) {
  if (!st_output_intel_syntax()) return st_tick_asm(arch);
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_TICK_TEMPLATE;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_TICK_TEMPLATE;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_TICK_TEMPLATE;
  }
  return NULL;
}

bool st_output_intel_syntax(void) {
#if defined(ST_GCC_TARGET_X86)
  return ix86_asm_dialect == ASM_INTEL;
#else
  return false;
#endif
}
