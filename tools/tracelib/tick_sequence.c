/* The tracer's side of the software-ticks ABI; see tick_sequence.h. */
#include "tick_sequence.h"

#include <string.h>

/* Instruction starts inside each sequence (the ABI's listing). A stopped
 * task's pc is always at one of these when it is inside a sequence. */
static const unsigned x86_64_insn_starts[] = {
    0, RR_SOFTTICKS_X86_64_GUARD_JNZ_OFFSET, RR_SOFTTICKS_X86_64_COMMIT_OFFSET,
    RR_SOFTTICKS_X86_64_COMMIT_JNZ_OFFSET, RR_SOFTTICKS_X86_64_TRAP_OFFSET};
static const unsigned i386_insn_starts[] = {
    0, RR_SOFTTICKS_I386_GUARD_JNZ_OFFSET, RR_SOFTTICKS_I386_COMMIT_OFFSET,
    RR_SOFTTICKS_I386_LOW_JNZ_OFFSET, RR_SOFTTICKS_I386_BORROW_OFFSET,
    RR_SOFTTICKS_I386_BORROW_JAE_OFFSET, RR_SOFTTICKS_I386_TRAP_OFFSET};
static const unsigned aarch64_insn_starts[] = {
    0, RR_SOFTTICKS_AARCH64_LDR_OFFSET, RR_SOFTTICKS_AARCH64_TBNZ_OFFSET,
    RR_SOFTTICKS_AARCH64_SUB_OFFSET, RR_SOFTTICKS_AARCH64_COMMIT_OFFSET,
    RR_SOFTTICKS_AARCH64_CBNZ_OFFSET, RR_SOFTTICKS_AARCH64_TRAP_OFFSET,
    RR_SOFTTICKS_AARCH64_CLEAR_OFFSET};

static const unsigned *insn_starts(enum rr_softticks_arch arch, size_t *count) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      *count = sizeof x86_64_insn_starts / sizeof x86_64_insn_starts[0];
      return x86_64_insn_starts;
    case RR_SOFTTICKS_ARCH_I386:
      *count = sizeof i386_insn_starts / sizeof i386_insn_starts[0];
      return i386_insn_starts;
    case RR_SOFTTICKS_ARCH_AARCH64:
      *count = sizeof aarch64_insn_starts / sizeof aarch64_insn_starts[0];
      return aarch64_insn_starts;
  }
  *count = 0;
  return NULL;
}

size_t st_sequence_size(enum rr_softticks_arch arch) {
  size_t size;
  return rr_softticks_sequence_bytes(arch, &size) ? size : 0;
}

const char *st_arch_name(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return "x86_64";
    case RR_SOFTTICKS_ARCH_I386: return "i386";
    case RR_SOFTTICKS_ARCH_AARCH64: return "aarch64";
  }
  return "unknown";
}

int st_sequence_offset(enum rr_softticks_arch arch, const struct st_memory *mem, uint64_t pc) {
  size_t size, count, i;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &size);
  const unsigned *starts = insn_starts(arch, &count);
  unsigned char buf[2 * 32];
  uint64_t lo;

  if (!seq || size > 32) return -1;
  /* Read the widest window once: size-1 bytes before pc, size at pc. */
  lo = pc >= size - 1 ? pc - (size - 1) : 0;
  if (mem->read(mem->ctx, lo, buf, (size_t)(pc - lo) + size) != 0) {
    /* Near the start or end of a mapping: try each candidate alone. */
    for (i = 0; i < count; i++) {
      unsigned char one[32];
      if (pc < starts[i]) continue;
      if (mem->read(mem->ctx, pc - starts[i], one, size) == 0 && memcmp(one, seq, size) == 0)
        return (int)starts[i];
    }
    return -1;
  }
  for (i = 0; i < count; i++) {
    uint64_t start;
    if (pc < starts[i] || pc - starts[i] < lo) continue;
    start = pc - starts[i];
    if (memcmp(buf + (start - lo), seq, size) == 0) return (int)starts[i];
  }
  return -1;
}

int st_is_tick_trap_code(enum rr_softticks_arch arch, const struct st_memory *mem, uint64_t pc) {
  unsigned char window[64];
  size_t before = rr_softticks_trap_window_before(arch);
  size_t after = rr_softticks_trap_window_after(arch);
  if (before + after == 0 || before + after > sizeof window || pc < before) return 0;
  if (mem->read(mem->ctx, pc - before, window, before + after) != 0) return -1;
  return rr_softticks_is_tick_trap(arch, window);
}

int st_read_countdown_raw(enum rr_softticks_arch arch, const struct st_memory *mem,
                          uint64_t *raw) {
  unsigned char b[8];
  uint64_t v = 0;
  int i;
  uint64_t addr = rr_softticks_countdown_addr(arch);
  if (!addr || mem->read(mem->ctx, addr, b, sizeof b) != 0) return -1;
  for (i = 7; i >= 0; i--) v = (v << 8) | b[i]; /* little-endian on every ABI arch */
  *raw = v;
  return 0;
}

static int write_countdown_raw(enum rr_softticks_arch arch, const struct st_memory *mem,
                               uint64_t raw) {
  unsigned char b[8];
  int i;
  uint64_t addr = rr_softticks_countdown_addr(arch);
  if (!addr) return -1;
  for (i = 0; i < 8; i++) b[i] = (unsigned char)(raw >> (8 * i));
  return mem->write(mem->ctx, addr, b, sizeof b) == 0 ? 0 : -1;
}

int st_borrow_pending(enum rr_softticks_arch arch, const struct st_memory *mem,
                      const struct st_stop_regs *regs) {
  int off;
  if (arch != RR_SOFTTICKS_ARCH_I386) return 0;
  off = st_sequence_offset(arch, mem, regs->pc);
  return off >= 0 && rr_softticks_i386_borrow_pending((unsigned)off, regs->zf);
}

int st_read_remaining(enum rr_softticks_arch arch, const struct st_memory *mem,
                      const struct st_stop_regs *regs, uint64_t *remaining) {
  uint64_t raw;
  if (st_read_countdown_raw(arch, mem, &raw) != 0) return -1;
  *remaining = rr_softticks_remaining(arch, raw, st_borrow_pending(arch, mem, regs));
  return 0;
}

int st_arm(enum rr_softticks_arch arch, const struct st_memory *mem,
           const struct st_stop_regs *regs, uint64_t ticks) {
  if (ticks == 0 || ticks > RR_SOFTTICKS_MAX_ARM) return -1;
  return write_countdown_raw(arch, mem,
                             rr_softticks_arm_value(arch, ticks, st_borrow_pending(arch, mem, regs)));
}

int st_write_remaining(enum rr_softticks_arch arch, const struct st_memory *mem,
                       uint64_t remaining) {
  if (remaining > RR_SOFTTICKS_MAX_ARM) return -1;
  if (remaining == 0)
    return write_countdown_raw(arch, mem,
                               arch == RR_SOFTTICKS_ARCH_I386 ? UINT64_C(0xffffffff00000000) : 0);
  return write_countdown_raw(arch, mem, rr_softticks_arm_value(arch, remaining, 0));
}

int st_park(enum rr_softticks_arch arch, const struct st_memory *mem) {
  return write_countdown_raw(arch, mem, RR_SOFTTICKS_PARKED);
}

enum rr_softticks_stop_action st_complete_sequence(enum rr_softticks_arch arch,
                                                   const struct st_memory *mem,
                                                   const struct st_stop_regs *regs,
                                                   uint64_t *new_pc) {
  int off = st_sequence_offset(arch, mem, regs->pc);
  enum rr_softticks_stop_action action;
  *new_pc = regs->pc;
  if (off < 0) return RR_SOFTTICKS_STOP_KEEP;
  action = rr_softticks_stop_action(arch, (unsigned)off, regs->x17_top_set);
  if (action != RR_SOFTTICKS_STOP_KEEP) *new_pc = regs->pc - (unsigned)off + st_sequence_size(arch);
  return action;
}
