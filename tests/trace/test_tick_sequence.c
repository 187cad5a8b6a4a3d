/*
 * Unit tests of tracelib's ABI logic (tick_sequence.c, breakpoints.c) on
 * fake memories.  Expected values come from the ABI document's prose
 * (offsets of the instructions, the i386 borrow rule), not from the code
 * under test.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "breakpoints.h"
#include "check.h"
#include "fake_memory.h"
#include "tick_sequence.h"


#define CODE 0x401000u
/* The countdown's page, seen as the region starting at the countdown. */
#define COUNTDOWN 0x70001800u

static uint64_t le64(const unsigned char *b) {
  uint64_t v = 0;
  int i;
  for (i = 7; i >= 0; i--) v = v << 8 | b[i];
  return v;
}

static void put_le64(unsigned char *b, uint64_t v) {
  int i;
  for (i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
}

/* Memory with one sequence at CODE + 16 (after 16 bytes of nops) and a
 * countdown region. */
static void setup(struct fake_memory *m, enum rr_softticks_arch arch, unsigned char **code,
                  unsigned char **countdown) {
  size_t size;
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &size);
  memset(m, 0, sizeof *m);
  *code = fake_region(m, CODE, 1);
  memset(*code, 0x90, 256);
  memcpy(*code + 16, seq, size);
  *countdown = fake_region(m, COUNTDOWN, 1);
}

static struct st_stop_regs at(uint64_t pc, int zf) {
  struct st_stop_regs r;
  r.pc = pc;
  r.zf = zf;
  r.x17_top_set = 0;
  return r;
}

static void test_offsets_x86_64(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  /* ABI: testb at 0, jnz 8, decq 10, jnz 18, int3 20, end 21. */
  static const int starts[] = {0, 8, 10, 18, 20};
  unsigned i, off;
  setup(&m, RR_SOFTTICKS_ARCH_X86_64, &code, &cd);
  v = fake_view(&m);
  for (off = 0; off <= 21; off++) {
    int expected = -1;
    for (i = 0; i < sizeof starts / sizeof starts[0]; i++)
      if ((int)off == starts[i]) expected = starts[i];
    CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + off) == expected);
  }
  CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 4) == -1);
  CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_X86_64, &v, 0x10) == -1); /* unmapped */
  /* The trap's SIGTRAP pc is after the int3: offset 21. */
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 21) == 1);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 20) == 0);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 22) == 0);
  code[16 + 3] ^= 1; /* another address: not our sequence */
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 21) == 0);
  CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 18) == -1);
}

static void test_offsets_i386(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  /* ABI: testb 0, jnz 7, subl 9, jnz 16, subl 18, jae 25, int3 27, end 28. */
  static const int starts[] = {0, 7, 9, 16, 18, 25, 27};
  unsigned i, off;
  setup(&m, RR_SOFTTICKS_ARCH_I386, &code, &cd);
  v = fake_view(&m);
  for (off = 0; off <= 28; off++) {
    int expected = -1;
    for (i = 0; i < sizeof starts / sizeof starts[0]; i++)
      if ((int)off == starts[i]) expected = starts[i];
    CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_I386, &v, CODE + 16 + off) == expected);
  }
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_I386, &v, CODE + 16 + 28) == 1);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_I386, &v, CODE + 16 + 27) == 0);
  /* x86-64 bytes are not an i386 sequence. */
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &v, CODE + 16 + 28) == 0);
}

static void test_aarch64(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  struct st_stop_regs r;
  uint64_t pc, rem;
  unsigned off;
  setup(&m, RR_SOFTTICKS_ARCH_AARCH64, &code, &cd);
  v = fake_view(&m);
  /* ABI: 8 instructions of 4 bytes; the trap is reported at the brk (24). */
  for (off = 0; off <= 32; off++)
    CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_AARCH64, &v, CODE + 16 + off) ==
          (off % 4 == 0 && off < 32 ? (int)off : -1));
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_AARCH64, &v, CODE + 16 + 24) == 1);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_AARCH64, &v, CODE + 16 + 28) == 0);
  /* Between the ldr and the str with an armed x17: completing the sequence
   * commits the tick; with x17's top bit set the guard skips it. */
  r = at(CODE + 16 + 12, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_AARCH64, &v, &r, &pc) ==
            RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END &&
        pc == CODE + 16 + 32);
  r.x17_top_set = 1;
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_AARCH64, &v, &r, &pc) == RR_SOFTTICKS_STOP_KEEP &&
        pc == CODE + 16 + 12);
  r = at(CODE + 16 + 28, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_AARCH64, &v, &r, &pc) ==
            RR_SOFTTICKS_STOP_MOVE_TO_END &&
        pc == CODE + 16 + 32);
  /* The countdown lives elsewhere on aarch64: the fake x86 page is not it. */
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_AARCH64, &v, &r, &rem) == -1);
}

static void test_arm_read_park_x86_64(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  struct st_stop_regs r = at(CODE, 0);
  uint64_t rem;
  setup(&m, RR_SOFTTICKS_ARCH_X86_64, &code, &cd);
  v = fake_view(&m);
  CHECK(st_arm(RR_SOFTTICKS_ARCH_X86_64, &v, &r, 1000) == 0);
  CHECK(le64(cd) == 1000);
  /* 7 ticks later */
  put_le64(cd, 993);
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &rem) == 0 && rem == 993);
  CHECK(st_park(RR_SOFTTICKS_ARCH_X86_64, &v) == 0);
  CHECK(le64(cd) == UINT64_C(0xffffffffffffffff));
  /* 0 and 2^63 are not armable; the countdown is left alone. */
  CHECK(st_arm(RR_SOFTTICKS_ARCH_X86_64, &v, &r, 0) == -1);
  CHECK(st_arm(RR_SOFTTICKS_ARCH_X86_64, &v, &r, UINT64_C(1) << 63) == -1);
  CHECK(le64(cd) == UINT64_C(0xffffffffffffffff));
  CHECK(st_arm(RR_SOFTTICKS_ARCH_X86_64, &v, &r, (UINT64_C(1) << 63) - 1) == 0);
  /* A countdown that is not mapped, or not writable. */
  m.region[1].writable = 0;
  CHECK(st_arm(RR_SOFTTICKS_ARCH_X86_64, &v, &r, 5) == -1);
  m.count = 1;
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &rem) == -1);
}

static void test_i386_borrow(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  uint64_t rem, w = (UINT64_C(1) << 32) + 5;
  struct st_stop_regs outside = at(CODE, 0);
  setup(&m, RR_SOFTTICKS_ARCH_I386, &code, &cd);
  v = fake_view(&m);
  /* Arm 2^32 + 5: low word 5, high word 1 (the low word's 0 stands for
   * 2^32, so the high word holds the borrows still to take). */
  CHECK(st_arm(RR_SOFTTICKS_ARCH_I386, &v, &outside, w) == 0);
  CHECK(le64(cd) == ((UINT64_C(1) << 32) | 5));
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &outside, &rem) == 0 && rem == w);
  /* 5 ticks: the low word reaches 0 and the task stops before the borrow
   * (at the high word's subl, offset 18): 2^32 ticks to go. */
  put_le64(cd, UINT64_C(1) << 32);
  {
    struct st_stop_regs before_borrow = at(CODE + 16 + 18, 1);
    struct st_stop_regs at_jnz_zf = at(CODE + 16 + 16, 1);
    struct st_stop_regs at_jnz_nz = at(CODE + 16 + 16, 0);
    CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &before_borrow, &rem) == 0 &&
          rem == UINT64_C(1) << 32);
    CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &at_jnz_zf, &rem) == 0 &&
          rem == UINT64_C(1) << 32);
    /* Elsewhere (borrow taken or not due), lo 0 = 2^32 plus hi * 2^32. */
    CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &outside, &rem) == 0 &&
          rem == UINT64_C(2) << 32);
    CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &at_jnz_nz, &rem) == 0 &&
          rem == UINT64_C(2) << 32);
    /* Arming 10 there: the pending borrow will take 1 from the high word,
     * so it gets 1 in advance. */
    CHECK(st_arm(RR_SOFTTICKS_ARCH_I386, &v, &before_borrow, 10) == 0);
    CHECK(le64(cd) == ((UINT64_C(1) << 32) | 10));
    CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &before_borrow, &rem) == 0 && rem == 10);
  }
  /* The trap: low 0, high borrowed below 0: reads 0 ticks to go. */
  put_le64(cd, UINT64_C(0xffffffff00000000));
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &outside, &rem) == 0 && rem == 0);
  CHECK(st_park(RR_SOFTTICKS_ARCH_I386, &v) == 0 && le64(cd) == UINT64_C(0xffffffffffffffff));
}

static void test_complete_sequence(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  uint64_t pc;
  struct st_stop_regs r;
  setup(&m, RR_SOFTTICKS_ARCH_X86_64, &code, &cd);
  v = fake_view(&m);
  /* After the commit (jnz 18, int3 20): to the end (21). */
  r = at(CODE + 16 + 18, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &pc) == RR_SOFTTICKS_STOP_MOVE_TO_END &&
        pc == CODE + 16 + 21);
  r = at(CODE + 16 + 20, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &pc) == RR_SOFTTICKS_STOP_MOVE_TO_END &&
        pc == CODE + 16 + 21);
  /* Before the commit, and outside: stays. */
  r = at(CODE + 16 + 10, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &pc) == RR_SOFTTICKS_STOP_KEEP &&
        pc == CODE + 16 + 10);
  r = at(CODE + 4, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_X86_64, &v, &r, &pc) == RR_SOFTTICKS_STOP_KEEP &&
        pc == CODE + 4);
  setup(&m, RR_SOFTTICKS_ARCH_I386, &code, &cd);
  v = fake_view(&m);
  r = at(CODE + 16 + 25, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_I386, &v, &r, &pc) == RR_SOFTTICKS_STOP_MOVE_TO_END &&
        pc == CODE + 16 + 28);
  r = at(CODE + 16 + 9, 0);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_I386, &v, &r, &pc) == RR_SOFTTICKS_STOP_KEEP);
}

/* A stop with a borrow pending, moved to the end (the ABI's stop action):
 * the countdown rewritten for the new pc still reads the ticks to go, and
 * 0 reads as the state a trap leaves (ABI: hi 0xffffffff, lo 0). */
static void test_write_remaining_after_move(void) {
  struct fake_memory m;
  unsigned char *code, *cd;
  struct st_memory v;
  struct st_stop_regs borrow = at(CODE + 16 + 18, 0), end = at(CODE + 16 + 28, 0);
  uint64_t rem, pc;
  setup(&m, RR_SOFTTICKS_ARCH_I386, &code, &cd);
  v = fake_view(&m);
  /* Low word just hit 0, high word 3: 3 * 2^32 to go. */
  put_le64(cd, UINT64_C(3) << 32);
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &borrow, &rem) == 0 &&
        rem == UINT64_C(3) << 32);
  CHECK(st_complete_sequence(RR_SOFTTICKS_ARCH_I386, &v, &borrow, &pc) ==
            RR_SOFTTICKS_STOP_MOVE_TO_END && pc == end.pc);
  CHECK(st_write_remaining(RR_SOFTTICKS_ARCH_I386, &v, rem) == 0);
  CHECK(le64(cd) == ((UINT64_C(2) << 32) | 0)); /* lo 0 stands for 2^32 */
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &end, &rem) == 0 &&
        rem == UINT64_C(3) << 32);
  /* Both words 0 with the borrow pending: the trap is due. */
  put_le64(cd, 0);
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &borrow, &rem) == 0 && rem == 0);
  CHECK(st_write_remaining(RR_SOFTTICKS_ARCH_I386, &v, 0) == 0);
  CHECK(le64(cd) == UINT64_C(0xffffffff00000000));
  CHECK(st_read_remaining(RR_SOFTTICKS_ARCH_I386, &v, &end, &rem) == 0 && rem == 0);
  setup(&m, RR_SOFTTICKS_ARCH_X86_64, &code, &cd);
  v = fake_view(&m);
  CHECK(st_write_remaining(RR_SOFTTICKS_ARCH_X86_64, &v, 0) == 0 && le64(cd) == 0);
  CHECK(st_write_remaining(RR_SOFTTICKS_ARCH_X86_64, &v, 77) == 0 && le64(cd) == 77);
  CHECK(st_write_remaining(RR_SOFTTICKS_ARCH_X86_64, &v, UINT64_C(1) << 63) == -1);
}

/* A debugger's int3 on a sequence's first byte must not hide the trap,
 * and reading through the mask gives the program's bytes. */
static void test_breakpoints_masked(void) {
  struct fake_memory m;
  unsigned char *code, *cd, buf[21];
  struct st_memory raw, masked;
  struct st_masked_memory mctx;
  struct st_breakpoints bps = {0};
  size_t size;
  const unsigned char *seq = rr_softticks_sequence_bytes(RR_SOFTTICKS_ARCH_X86_64, &size);
  setup(&m, RR_SOFTTICKS_ARCH_X86_64, &code, &cd);
  raw = fake_view(&m);
  masked = st_masked_memory(&mctx, &raw, &bps);
  CHECK(st_breakpoints_add(&bps, &raw, CODE + 16) == 0);
  CHECK(st_breakpoints_add(&bps, &raw, CODE + 16 + 10) == 0);
  CHECK(st_breakpoints_add(&bps, &raw, CODE + 16) == 0); /* again: no-op */
  CHECK(bps.count == 2);
  CHECK(code[16] == ST_INT3 && code[26] == ST_INT3);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &raw, CODE + 16 + 21) == 0);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &masked, CODE + 16 + 21) == 1);
  CHECK(st_sequence_offset(RR_SOFTTICKS_ARCH_X86_64, &masked, CODE + 16 + 18) == 18);
  CHECK(masked.read(masked.ctx, CODE + 16, buf, sizeof buf) == 0 && memcmp(buf, seq, 21) == 0);
  CHECK(st_breakpoints_find(&bps, CODE + 26) != NULL && st_breakpoints_find(&bps, CODE + 27) == NULL);
  CHECK(st_breakpoints_remove(&bps, &raw, CODE + 16) == 0);
  CHECK(code[16] == seq[0] && bps.count == 1);
  CHECK(st_is_tick_trap_code(RR_SOFTTICKS_ARCH_X86_64, &raw, CODE + 16 + 21) == 0); /* 26 still int3 */
  CHECK(st_breakpoints_add(&bps, &raw, 0x10) == -1); /* unmapped */
  st_breakpoints_free(&bps);
}

int main(void) {
  test_offsets_x86_64();
  test_offsets_i386();
  test_aarch64();
  test_arm_read_park_x86_64();
  test_i386_borrow();
  test_complete_sequence();
  test_write_remaining_after_move();
  test_breakpoints_masked();
  return check_report("tracelib tick_sequence/breakpoints");
}
