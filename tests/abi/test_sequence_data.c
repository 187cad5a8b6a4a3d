/*
 * abi/tick-sequences.txt against the header: rr_softticks_sequence_bytes(),
 * the *_TICK_SIZE / offset constants and the offset helpers must agree with
 * the data file, and the instructions at the named offsets must be what
 * their names say (decoded here from the ISA encodings and the header's
 * addresses, not from the header's byte tables).
 *
 *   test_sequence_data abi/tick-sequences.txt
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <rr/softticks.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct expected {
  const char *name;
  enum rr_softticks_arch arch;
  size_t size;
  unsigned char bytes[64];
  int found;
};

static struct expected data[] = {
    {"x86_64", RR_SOFTTICKS_ARCH_X86_64, 0, {0}, 0},
    {"i386", RR_SOFTTICKS_ARCH_I386, 0, {0}, 0},
    {"aarch64", RR_SOFTTICKS_ARCH_AARCH64, 0, {0}, 0},
};
enum { NARCH = sizeof data / sizeof data[0] };

static void read_data(const char *path) {
  char line[1024];
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  while (fgets(line, sizeof line, f)) {
    char *tok, *save = NULL;
    unsigned i, declared;
    struct expected *e = NULL;
    if (line[0] == '#' || line[0] == '\n') continue;
    tok = strtok_r(line, " \t\n", &save);
    for (i = 0; i < NARCH; i++)
      if (tok && strcmp(tok, data[i].name) == 0) e = &data[i];
    CHECK(e != NULL, "unknown architecture line '%s'", tok ? tok : "");
    if (!e) continue;
    CHECK(!e->found, "%s listed twice", e->name);
    e->found = 1;
    tok = strtok_r(NULL, " \t\n", &save);
    declared = tok ? (unsigned)strtoul(tok, NULL, 10) : 0;
    while ((tok = strtok_r(NULL, " \t\n", &save)) && e->size < sizeof e->bytes)
      e->bytes[e->size++] = (unsigned char)strtoul(tok, NULL, 16);
    CHECK(declared == e->size, "%s: declared %u bytes, lists %zu", e->name, declared, e->size);
  }
  fclose(f);
}

static uint32_t word_at(const unsigned char *p, unsigned off) {
  return (uint32_t)p[off] | (uint32_t)p[off + 1] << 8 | (uint32_t)p[off + 2] << 16 |
         (uint32_t)p[off + 3] << 24;
}

/* x86 rel8 branch at off: opcode, and its target must be the sequence end. */
static void check_x86_branch(const struct expected *e, unsigned off, unsigned char opcode) {
  CHECK(e->bytes[off] == opcode, "%s: byte %u is %02x, expected branch %02x", e->name, off,
        e->bytes[off], opcode);
  CHECK(off + 2 + e->bytes[off + 1] == e->size, "%s: branch at %u lands at %u, not the end %zu",
        e->name, off, off + 2 + e->bytes[off + 1], e->size);
}

static void check_x86_64(const struct expected *e) {
  const unsigned char *b = e->bytes;
  CHECK(e->size == RR_SOFTTICKS_X86_64_TICK_SIZE, "size %zu", e->size);
  /* testb $0x80, abs32: f6 /0 with SIB absolute addressing, then imm8. */
  CHECK(b[0] == 0xf6 && b[1] == 0x04 && b[2] == 0x25, "testb opcode");
  CHECK(word_at(b, 3) == RR_SOFTTICKS_X86_COUNTDOWN_ADDR + 7, "testb reads %#x",
        (unsigned)word_at(b, 3));
  CHECK(b[7] == 0x80, "testb mask %02x", b[7]);
  check_x86_branch(e, 8, 0x75);
  /* The commit: decq abs32 = REX.W ff /1. */
  CHECK(RR_SOFTTICKS_X86_64_COMMIT_OFFSET == 10, "commit offset");
  CHECK(b[10] == 0x48 && b[11] == 0xff && b[12] == 0x0c && b[13] == 0x25, "decq opcode");
  CHECK(word_at(b, 14) == RR_SOFTTICKS_X86_COUNTDOWN_ADDR, "decq address %#x",
        (unsigned)word_at(b, 14));
  check_x86_branch(e, 18, 0x75);
  CHECK(RR_SOFTTICKS_X86_64_GUARD_JNZ_OFFSET == 8 && RR_SOFTTICKS_X86_64_COMMIT_JNZ_OFFSET == 18,
        "jnz offsets");
  CHECK(b[RR_SOFTTICKS_X86_64_TRAP_OFFSET] == 0xcc, "trap byte %02x",
        b[RR_SOFTTICKS_X86_64_TRAP_OFFSET]);
  CHECK(RR_SOFTTICKS_X86_64_TRAP_OFFSET + 1 == RR_SOFTTICKS_X86_64_TICK_SIZE, "int3 is last");
}

static void check_i386(const struct expected *e) {
  const unsigned char *b = e->bytes;
  CHECK(e->size == RR_SOFTTICKS_I386_TICK_SIZE, "size %zu", e->size);
  CHECK(b[0] == 0xf6 && b[1] == 0x05, "testb opcode");
  CHECK(word_at(b, 2) == RR_SOFTTICKS_X86_COUNTDOWN_ADDR + 7, "testb address");
  CHECK(b[6] == 0x80, "testb mask");
  check_x86_branch(e, 7, 0x75);
  /* subl $1, abs32 = 83 /5 ib: the low word (commit), then the high word. */
  CHECK(RR_SOFTTICKS_I386_COMMIT_OFFSET == 9, "commit offset");
  CHECK(b[9] == 0x83 && b[10] == 0x2d && b[15] == 1, "low subl");
  CHECK(word_at(b, 11) == RR_SOFTTICKS_X86_COUNTDOWN_ADDR, "low subl address");
  check_x86_branch(e, 16, 0x75);
  CHECK(RR_SOFTTICKS_I386_BORROW_OFFSET == 18, "borrow offset");
  CHECK(b[18] == 0x83 && b[19] == 0x2d && b[24] == 1, "high subl");
  CHECK(word_at(b, 20) == RR_SOFTTICKS_X86_COUNTDOWN_ADDR + 4, "high subl address");
  check_x86_branch(e, 25, 0x73); /* jae */
  CHECK(RR_SOFTTICKS_I386_GUARD_JNZ_OFFSET == 7 && RR_SOFTTICKS_I386_LOW_JNZ_OFFSET == 16 &&
            RR_SOFTTICKS_I386_BORROW_JAE_OFFSET == 25,
        "branch offsets");
  CHECK(b[RR_SOFTTICKS_I386_TRAP_OFFSET] == 0xcc, "trap byte");
  CHECK(RR_SOFTTICKS_I386_TRAP_OFFSET + 1 == RR_SOFTTICKS_I386_TICK_SIZE, "int3 is last");
}

static void check_aarch64(const struct expected *e) {
  const unsigned char *b = e->bytes;
  uint32_t page_hi = (uint32_t)(RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR - RR_SOFTTICKS_COUNTDOWN_OFFSET) >> 16;
  uint32_t ldr_imm = RR_SOFTTICKS_COUNTDOWN_OFFSET / 8; /* scaled by the access size */
  CHECK(e->size == RR_SOFTTICKS_AARCH64_TICK_SIZE, "size %zu", e->size);
  /* movz x16, #page_hi, lsl #16 */
  CHECK(word_at(b, 0) == (0xd2a00000u | page_hi << 5 | 16), "movz %08x", (unsigned)word_at(b, 0));
  CHECK((RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR & 0xffff) == RR_SOFTTICKS_COUNTDOWN_OFFSET,
        "the countdown is page + offset with a 64 KiB-aligned page");
  /* ldr x17, [x16, #0x800] */
  CHECK(word_at(b, 4) == (0xf9400000u | ldr_imm << 10 | 16 << 5 | 17), "ldr %08x",
        (unsigned)word_at(b, 4));
  /* tbnz x17, #63, 1f (the mov at 28): b5=1, b40=31, imm14 = (28 - 8) / 4 */
  CHECK(word_at(b, 8) == (0xb7000000u | 1u << 31 | 31u << 19 | ((28 - 8) / 4) << 5 | 17),
        "tbnz %08x", (unsigned)word_at(b, 8));
  /* sub x17, x17, #1 */
  CHECK(word_at(b, 12) == (0xd1000000u | 1 << 10 | 17 << 5 | 17), "sub %08x",
        (unsigned)word_at(b, 12));
  /* The commit: str x17, [x16, #0x800] */
  CHECK(RR_SOFTTICKS_AARCH64_COMMIT_OFFSET == 16, "commit offset");
  CHECK(word_at(b, 16) == (0xf9000000u | ldr_imm << 10 | 16 << 5 | 17), "str %08x",
        (unsigned)word_at(b, 16));
  /* cbnz x17, 1f: to the mov at 28 */
  CHECK(word_at(b, 20) == (0xb5000000u | ((28 - 20) / 4) << 5 | 17), "cbnz %08x",
        (unsigned)word_at(b, 20));
  /* The trap: brk #imm */
  CHECK(word_at(b, RR_SOFTTICKS_AARCH64_TRAP_OFFSET) ==
            (0xd4200000u | (uint32_t)RR_SOFTTICKS_AARCH64_BRK_IMM << 5),
        "brk %08x", (unsigned)word_at(b, RR_SOFTTICKS_AARCH64_TRAP_OFFSET));
  /* mov x17, xzr (orr x17, xzr, xzr) */
  CHECK(word_at(b, 28) == 0xaa1f03f1u, "mov %08x", (unsigned)word_at(b, 28));
  CHECK(RR_SOFTTICKS_AARCH64_LDR_OFFSET == 4 && RR_SOFTTICKS_AARCH64_TBNZ_OFFSET == 8 &&
            RR_SOFTTICKS_AARCH64_SUB_OFFSET == 12 && RR_SOFTTICKS_AARCH64_CBNZ_OFFSET == 20 &&
            RR_SOFTTICKS_AARCH64_CLEAR_OFFSET == 28,
        "instruction offsets");
}

int main(int argc, char **argv) {
  unsigned i;
  if (argc != 2) {
    fprintf(stderr, "usage: test_sequence_data abi/tick-sequences.txt\n");
    return 2;
  }
  read_data(argv[1]);
  for (i = 0; i < NARCH; i++) {
    const struct expected *e = &data[i];
    size_t size = 12345;
    const unsigned char *seq = rr_softticks_sequence_bytes(e->arch, &size);
    CHECK(e->found, "no line for %s", e->name);
    CHECK(seq != NULL, "%s: no sequence", e->name);
    CHECK(size == e->size, "%s: header has %zu bytes, data %zu", e->name, size, e->size);
    CHECK(seq && size == e->size && memcmp(seq, e->bytes, size) == 0,
          "%s: header bytes differ from the data file", e->name);
    CHECK(rr_softticks_commit_offset(e->arch) < rr_softticks_trap_offset(e->arch),
          "%s: the commit comes before the trap", e->name);
    CHECK(rr_softticks_trap_window_before(e->arch) + rr_softticks_trap_window_after(e->arch) ==
              rr_softticks_bytes_through_trap(e->arch),
          "%s: the trap window is the sequence through the trap", e->name);
    CHECK(rr_softticks_page_addr(e->arch) + RR_SOFTTICKS_COUNTDOWN_OFFSET ==
              rr_softticks_countdown_addr(e->arch),
          "%s: page + offset", e->name);
  }
  check_x86_64(&data[0]);
  check_i386(&data[1]);
  check_aarch64(&data[2]);

  CHECK(rr_softticks_bytes_through_trap(RR_SOFTTICKS_ARCH_X86_64) == 21, "x86_64 through trap");
  CHECK(rr_softticks_bytes_through_trap(RR_SOFTTICKS_ARCH_I386) == 28, "i386 through trap");
  CHECK(rr_softticks_bytes_through_trap(RR_SOFTTICKS_ARCH_AARCH64) == 28, "aarch64 through trap");
  CHECK(rr_softticks_trap_pc_offset(RR_SOFTTICKS_ARCH_X86_64) == 21, "x86_64 pc after int3");
  CHECK(rr_softticks_trap_pc_offset(RR_SOFTTICKS_ARCH_I386) == 28, "i386 pc after int3");
  CHECK(rr_softticks_trap_pc_offset(RR_SOFTTICKS_ARCH_AARCH64) == 24, "aarch64 pc at brk");
  CHECK(rr_softticks_countdown_addr(RR_SOFTTICKS_ARCH_X86_64) == 0x70001800, "x86-64 addr");
  CHECK(rr_softticks_countdown_addr(RR_SOFTTICKS_ARCH_I386) == 0x70001800, "i386 addr");
  CHECK(rr_softticks_countdown_addr(RR_SOFTTICKS_ARCH_AARCH64) == 0x70010800, "aarch64 addr");
  {
    size_t size = 1;
    enum rr_softticks_arch bogus = (enum rr_softticks_arch)7;
    CHECK(rr_softticks_sequence_bytes(bogus, &size) == NULL && size == 0, "unknown arch");
    CHECK(rr_softticks_countdown_addr(bogus) == 0 && rr_softticks_page_addr(bogus) == 0,
          "unknown arch address");
  }
#ifdef RR_SOFTTICKS_NATIVE_ARCH
  {
    size_t size;
    rr_softticks_sequence_bytes(RR_SOFTTICKS_NATIVE_ARCH, &size);
    CHECK(size == RR_SOFTTICKS_TICK_SIZE, "native size");
    CHECK(rr_softticks_countdown_addr(RR_SOFTTICKS_NATIVE_ARCH) == RR_SOFTTICKS_COUNTDOWN_ADDR,
          "native address");
  }
#endif
  return check_report("test_sequence_data");
}
