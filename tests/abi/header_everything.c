/*
 * Uses everything rr/softticks.h offers, so that compiling this file with
 * -Wall -Wextra -pedantic -Werror as C99/C11 and C++11..C++20 (-x c++) for
 * each architecture proves the header clean for every audience.  Never run:
 * only compiled.
 */
#include <rr/softticks.h>

#if RR_SOFTTICKS_ABI_VERSION != 1
#error "this test knows ABI version 1"
#endif

#ifndef RR_SOFTTICKS_TICK_ASM
#error "no native tick sequence for this target"
#endif

/* Constants a compiler or runtime uses. */
static const char *const strings[] = {
    RR_SOFTTICKS_X86_64_TICK_ASM,   RR_SOFTTICKS_I386_TICK_ASM,
    RR_SOFTTICKS_AARCH64_TICK_ASM,  RR_SOFTTICKS_TICK_ASM,
    RR_SOFTTICKS_X86_CLOBBERS,      RR_SOFTTICKS_AARCH64_CLOBBERS,
    RR_SOFTTICKS_X86_LLVM_CONSTRAINTS, RR_SOFTTICKS_AARCH64_LLVM_CONSTRAINTS,
    RR_SOFTTICKS_INIT_SYMBOL,       RR_SOFTTICKS_INIT_COMDAT,
    RR_SOFTTICKS_X86_64_INIT_ASM,   RR_SOFTTICKS_I386_INIT_ASM,
    RR_SOFTTICKS_AARCH64_INIT_ASM,  RR_SOFTTICKS_INIT_ASM,
    RR_SOFTTICKS_INIT_SECTION,      RR_SOFTTICKS_INIT_ARRAY_SECTION,
    RR_SOFTTICKS_SKIP_SECTION_PREFIX, RR_SOFTTICKS_NOTE_SECTION,
    RR_SOFTTICKS_NOTE_NAME,         RR_SOFTTICKS_MANIFEST_SECTION,
    RR_SOFTTICKS_MANIFEST_NOTE_NAME};

static const unsigned long numbers[] = {
    RR_SOFTTICKS_COUNTDOWN_OFFSET,     RR_SOFTTICKS_MAP_SIZE,
    RR_SOFTTICKS_X86_PAGE_ADDR,        RR_SOFTTICKS_X86_COUNTDOWN_ADDR,
    RR_SOFTTICKS_AARCH64_PAGE_ADDR,    RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR,
    RR_SOFTTICKS_MMAP_PROT,            RR_SOFTTICKS_MMAP_FLAGS,
    RR_SOFTTICKS_X86_64_TICK_SIZE,     RR_SOFTTICKS_X86_64_COMMIT_OFFSET,
    RR_SOFTTICKS_X86_64_TRAP_OFFSET,   RR_SOFTTICKS_I386_TICK_SIZE,
    RR_SOFTTICKS_I386_COMMIT_OFFSET,   RR_SOFTTICKS_I386_BORROW_OFFSET,
    RR_SOFTTICKS_I386_TRAP_OFFSET,     RR_SOFTTICKS_AARCH64_TICK_SIZE,
    RR_SOFTTICKS_AARCH64_COMMIT_OFFSET, RR_SOFTTICKS_AARCH64_TRAP_OFFSET,
    RR_SOFTTICKS_AARCH64_BRK_IMM,      RR_SOFTTICKS_INIT_PRIORITY,
    RR_SOFTTICKS_NOTE_NAMESZ,          RR_SOFTTICKS_NOTE_DESCSZ,
    RR_SOFTTICKS_NOTE_TYPE,            RR_SOFTTICKS_NOTE_SIZE,
    RR_SOFTTICKS_MANIFEST_NOTE_TYPE,   RR_SOFTTICKS_TICK_SIZE,
    RR_SOFTTICKS_PAGE_ADDR,            RR_SOFTTICKS_COUNTDOWN_ADDR};

/* Hand-instrumented code. */
int softticks_header_loop(int n);
int softticks_header_loop(int n) {
  int i, sum = 0;
  for (i = 0; i < n; i++) {
    RR_SOFTTICK();
    sum += i;
  }
  return sum;
}

/* A tracer. */
uint64_t softticks_header_tracer(const unsigned char *code, uint64_t raw, unsigned offset);
uint64_t softticks_header_tracer(const unsigned char *code, uint64_t raw, unsigned offset) {
  const enum rr_softticks_arch arch = RR_SOFTTICKS_NATIVE_ARCH;
  size_t size = 0;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &size);
  uint64_t total = rr_softticks_countdown_addr(arch) + rr_softticks_page_addr(arch);
  int pending = rr_softticks_i386_borrow_pending(offset, 1);
  total += (uint64_t)rr_softticks_is_armed(raw);
  total += rr_softticks_arm_value(arch, 100, pending);
  total += rr_softticks_remaining(arch, raw, pending);
  total += rr_softticks_bytes_through_trap(arch);
  total += rr_softticks_commit_offset(arch) + rr_softticks_trap_offset(arch);
  total += rr_softticks_trap_pc_offset(arch);
  total += rr_softticks_trap_window_before(arch) + rr_softticks_trap_window_after(arch);
  total += (uint64_t)rr_softticks_is_tick_trap(arch, code);
  switch (rr_softticks_stop_action(arch, offset, (int)(raw >> 63))) {
    case RR_SOFTTICKS_STOP_KEEP: total += 1; break;
    case RR_SOFTTICKS_STOP_MOVE_TO_END: total += 2; break;
    case RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END: total += 3; break;
  }
  total += seq ? seq[0] : 0;
  total += size + RR_SOFTTICKS_PARKED + RR_SOFTTICKS_MAX_ARM;
  total += (uint64_t)RR_SOFTTICKS_ARCH_X86_64 + (uint64_t)RR_SOFTTICKS_ARCH_I386 +
           (uint64_t)RR_SOFTTICKS_ARCH_AARCH64;
  total += (unsigned char)strings[offset % (sizeof strings / sizeof strings[0])][0];
  total += numbers[offset % (sizeof numbers / sizeof numbers[0])];
  return total;
}
