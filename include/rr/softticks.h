/*
 * rr/softticks.h -- the software-ticks tracee ABI, version 1, as a header.
 *
 * A program built for software ticks counts its own progress: at function
 * entries, at the heads of cycles and after returns_twice calls it runs a
 * short "tick" sequence that decrements a 64-bit countdown at a fixed
 * address and traps when it reaches zero.  A tracer (rr) arms the countdown
 * as it would program a PMU sample period.  abi/ABI.md is the prose
 * specification; this file is the single source of the numbers and bytes.
 *
 * Three audiences:
 *   - compilers:        RR_SOFTTICKS_<ARCH>_TICK_ASM and _CLOBBERS, the
 *                       addresses, the initializer and note constants;
 *   - hand-written code: RR_SOFTTICK() in C/C++, the assembler macro
 *                       RR_SOFTTICK in .S files, RR_SOFTTICKS_TICK_ASM and
 *                       RR_SOFTTICKS_COUNTDOWN_ADDR for the native arch, and
 *                       the initializer as file-scope asm,
 *                       __asm__(RR_SOFTTICKS_INIT_ASM);
 *   - tracers:          the static inline rr_softticks_* helpers below.
 *
 * Self-contained: C99/C11, C++11..C++20, x86-64, i386, aarch64, and
 * assembler (__ASSEMBLER__) all include it without any other file of the
 * project.
 */
#ifndef RR_SOFTTICKS_H
#define RR_SOFTTICKS_H

/* ---------------------------------------------------------------------- */
/* Version, addresses                                                     */
/* ---------------------------------------------------------------------- */

#define RR_SOFTTICKS_ABI_VERSION 1

/* The countdown lives at offset 0x800 of rr's preload thread-locals page. */
#define RR_SOFTTICKS_COUNTDOWN_OFFSET 0x800
/* Bytes the initializer maps (one 4 KiB page; a 64 KiB-page kernel rounds). */
#define RR_SOFTTICKS_MAP_SIZE 4096

#define RR_SOFTTICKS_X86_PAGE_ADDR 0x70001000UL
#define RR_SOFTTICKS_X86_COUNTDOWN_ADDR 0x70001800UL
#define RR_SOFTTICKS_AARCH64_PAGE_ADDR 0x70010000UL
#define RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR 0x70010800UL

/* mmap flags of the initializer:
 * MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE. */
#define RR_SOFTTICKS_MMAP_PROT 0x3 /* PROT_READ | PROT_WRITE */
#define RR_SOFTTICKS_MMAP_FLAGS 0x100022

/* ---------------------------------------------------------------------- */
/* The tick sequences (GNU assembler syntax; AT&T on x86)                 */
/*                                                                        */
/* Each string is a complete sequence ending in a newline, usable as the  */
/* template of a GCC/clang asm statement with no operands.  In an LLVM IR  */
/* inline-asm string every '$' must be written '$$'.  The sequences never  */
/* touch memory the compiler knows about: no "memory" clobber.             */
/*                                                                        */
/* The x86 short jumps (the ABI's "jnz 1f", "jae 1f") are spelled as       */
/* bytes: an assembler may otherwise widen them (clang <= 18 relaxes every */
/* branch at -O0; -mbranches-within-32B-boundaries pads before them),      */
/* which would move the trap and break the byte-exact contract.            */
/* ---------------------------------------------------------------------- */

/* x86-64: 21 bytes, clobbers the flags. */
#define RR_SOFTTICKS_X86_64_TICK_ASM                             \
  "testb $0x80, 0x70001807\n\t"                                  \
  ".byte 0x75, 0x0b\n\t" /* jnz to the end (21) */               \
  "decq 0x70001800\n\t"                                          \
  ".byte 0x75, 0x01\n\t" /* jnz to the end (21) */               \
  "int3\n"
#define RR_SOFTTICKS_X86_64_TICK_SIZE 21
/* Where each instruction starts (a stopped task's pc inside a sequence is
 * at one of them; rr_softticks_stop_action says what each one means). */
#define RR_SOFTTICKS_X86_64_GUARD_JNZ_OFFSET 8   /* jnz after the testb guard */
#define RR_SOFTTICKS_X86_64_COMMIT_OFFSET 10     /* decq */
#define RR_SOFTTICKS_X86_64_COMMIT_JNZ_OFFSET 18 /* jnz after the decq */
#define RR_SOFTTICKS_X86_64_TRAP_OFFSET 20       /* int3; SIGTRAP pc = 21 */

/* i386: 28 bytes, clobbers the flags.  Low word first, then the borrow. */
#define RR_SOFTTICKS_I386_TICK_ASM                               \
  "testb $0x80, 0x70001807\n\t"                                  \
  ".byte 0x75, 0x13\n\t" /* jnz to the end (28) */               \
  "subl $1, 0x70001800\n\t"                                      \
  ".byte 0x75, 0x0a\n\t" /* jnz to the end (28) */               \
  "subl $1, 0x70001804\n\t"                                      \
  ".byte 0x73, 0x01\n\t" /* jae to the end (28) */               \
  "int3\n"
#define RR_SOFTTICKS_I386_TICK_SIZE 28
#define RR_SOFTTICKS_I386_GUARD_JNZ_OFFSET 7   /* jnz after the testb guard */
#define RR_SOFTTICKS_I386_COMMIT_OFFSET 9      /* subl of the low word */
#define RR_SOFTTICKS_I386_LOW_JNZ_OFFSET 16    /* jnz after the low word's subl */
#define RR_SOFTTICKS_I386_BORROW_OFFSET 18     /* subl of the high word */
#define RR_SOFTTICKS_I386_BORROW_JAE_OFFSET 25 /* jae after the high word's subl */
#define RR_SOFTTICKS_I386_TRAP_OFFSET 27       /* int3; SIGTRAP pc = 28 */

/* aarch64: 32 bytes, clobbers x16 and x17 (not the flags).  x17 is zeroed
 * at the end because rr compares general registers across record/replay. */
#define RR_SOFTTICKS_AARCH64_TICK_ASM \
  "movz x16, #0x7001, lsl #16\n\t"    \
  "ldr x17, [x16, #0x800]\n\t"        \
  "tbnz x17, #63, 1f\n\t"             \
  "sub x17, x17, #1\n\t"              \
  "str x17, [x16, #0x800]\n\t"        \
  "cbnz x17, 1f\n\t"                  \
  "brk #0x5354\n"                     \
  "1: mov x17, xzr\n"
#define RR_SOFTTICKS_AARCH64_TICK_SIZE 32
#define RR_SOFTTICKS_AARCH64_LDR_OFFSET 4     /* ldr x17: loads the countdown */
#define RR_SOFTTICKS_AARCH64_TBNZ_OFFSET 8    /* tbnz: the guard */
#define RR_SOFTTICKS_AARCH64_SUB_OFFSET 12    /* sub x17 */
#define RR_SOFTTICKS_AARCH64_COMMIT_OFFSET 16 /* str */
#define RR_SOFTTICKS_AARCH64_CBNZ_OFFSET 20   /* cbnz after the str */
#define RR_SOFTTICKS_AARCH64_TRAP_OFFSET 24   /* brk; SIGTRAP pc = 24 */
#define RR_SOFTTICKS_AARCH64_CLEAR_OFFSET 28  /* mov x17, xzr */
#define RR_SOFTTICKS_AARCH64_BRK_IMM 0x5354

/* Intel-syntax output (gcc/clang -masm=intel: the assembly starts with
 * ".intel_syntax noprefix").  The strings above are AT&T text, which an
 * assembler in Intel mode misreads (gas cuts 0x70001807 to 0x7).  Text
 * that ends up in Intel-syntax output either is spelled in Intel syntax,
 * the same bytes to the byte: */
#define RR_SOFTTICKS_X86_64_TICK_ASM_INTEL                        \
  "test byte ptr [0x70001807], 0x80\n\t"                         \
  ".byte 0x75, 0x0b\n\t" /* jnz to the end (21) */               \
  "dec qword ptr [0x70001800]\n\t"                               \
  ".byte 0x75, 0x01\n\t" /* jnz to the end (21) */               \
  "int3\n"
#define RR_SOFTTICKS_I386_TICK_ASM_INTEL                          \
  "test byte ptr [0x70001807], 0x80\n\t"                         \
  ".byte 0x75, 0x13\n\t" /* jnz to the end (28) */               \
  "sub dword ptr [0x70001800], 1\n\t"                            \
  ".byte 0x75, 0x0a\n\t" /* jnz to the end (28) */               \
  "sub dword ptr [0x70001804], 1\n\t"                            \
  ".byte 0x73, 0x01\n\t" /* jae to the end (28) */               \
  "int3\n"
/* or switches the assembler to AT&T before the AT&T text and back after
 * it (what a compiler's Intel output must be in again: noprefix): */
#define RR_SOFTTICKS_X86_TO_ATT_SYNTAX "\t.att_syntax\n"
#define RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX "\t.intel_syntax noprefix\n"
/* The switches as the dialect alternatives of an extended asm template
 * ("{AT&T|Intel}", resolved by GCC, and by clang for the asm statements
 * of C code, for the output dialect): nothing in AT&T output, the switch
 * in Intel output.  _END starts a new line, for text that does not end
 * with one.  Not in clang's own -masm=intel asm statements: there a '$'
 * cannot be written (LLVM drops "$$" from Intel-dialect inline asm). */
#define RR_SOFTTICKS_X86_DIALECT_BEGIN "{|" RR_SOFTTICKS_X86_TO_ATT_SYNTAX "}"
#define RR_SOFTTICKS_X86_DIALECT_END "{|\n" RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX "}"
/* A sequence as the template of an extended asm statement (one with a
 * clobber list, as RR_SOFTTICK() writes it), which GCC and clang resolve
 * to one spelling or the other: the ABI's bytes whatever -masm= says.
 * Not for basic asm or file-scope asm, which neither compiler reads as a
 * template. */
#define RR_SOFTTICKS_X86_64_TICK_TEMPLATE \
  "{" RR_SOFTTICKS_X86_64_TICK_ASM "|" RR_SOFTTICKS_X86_64_TICK_ASM_INTEL "}"
#define RR_SOFTTICKS_I386_TICK_TEMPLATE \
  "{" RR_SOFTTICKS_I386_TICK_ASM "|" RR_SOFTTICKS_I386_TICK_ASM_INTEL "}"
/* aarch64 has one syntax. */
#define RR_SOFTTICKS_AARCH64_TICK_TEMPLATE RR_SOFTTICKS_AARCH64_TICK_ASM

/* Clobber lists, as they appear in a GCC/clang asm statement and as LLVM
 * IR constraint strings. */
#define RR_SOFTTICKS_X86_CLOBBERS "cc"
#define RR_SOFTTICKS_AARCH64_CLOBBERS "x16", "x17"
#define RR_SOFTTICKS_X86_LLVM_CONSTRAINTS "~{dirflag},~{fpsr},~{flags}"
#define RR_SOFTTICKS_AARCH64_LLVM_CONSTRAINTS "~{x16},~{x17}"

/* ---------------------------------------------------------------------- */
/* The per-module initializer and the note                                 */
/* ---------------------------------------------------------------------- */

/* Hidden function, in a COMDAT group of the same name, run from
 * .init_array at this priority (user constructors start at 101). */
#define RR_SOFTTICKS_INIT_SYMBOL "__rr_softticks_init"
#define RR_SOFTTICKS_INIT_COMDAT "__rr_softticks_init"
#define RR_SOFTTICKS_INIT_PRIORITY 1
#define RR_SOFTTICKS_INIT_SECTION ".text.__rr_softticks_init"
#define RR_SOFTTICKS_INIT_ARRAY_SECTION ".init_array.00001"
/* Functions in sections with this prefix are never instrumented. */
#define RR_SOFTTICKS_SKIP_SECTION_PREFIX ".text.__rr_softticks"

/* .note.rrsoftticks: SHT_NOTE, allocated, 4-byte aligned, one note:
 * namesz 3 ("rr\0"), descsz 4, type 1, desc = ABI version.  20 bytes. */
#define RR_SOFTTICKS_NOTE_SECTION ".note.rrsoftticks"
#define RR_SOFTTICKS_NOTE_NAME "rr"
#define RR_SOFTTICKS_NOTE_NAMESZ 3
#define RR_SOFTTICKS_NOTE_DESCSZ 4
#define RR_SOFTTICKS_NOTE_TYPE 1
#define RR_SOFTTICKS_NOTE_SIZE 20

/* The project's manifest (abi/softticks.capnp, struct ModuleManifest) is a
 * separate note, never inside .note.rrsoftticks. */
#define RR_SOFTTICKS_MANIFEST_SECTION ".note.softticks.manifest"
#define RR_SOFTTICKS_MANIFEST_NOTE_NAME "softticks"
#define RR_SOFTTICKS_MANIFEST_NOTE_TYPE 1

/* ---------------------------------------------------------------------- */
/* The native architecture                                                 */
/* ---------------------------------------------------------------------- */

#if defined(__x86_64__) && !defined(__ILP32__)
#define RR_SOFTTICKS_TICK_ASM RR_SOFTTICKS_X86_64_TICK_ASM
#define RR_SOFTTICKS_TICK_TEMPLATE RR_SOFTTICKS_X86_64_TICK_TEMPLATE
#define RR_SOFTTICKS_TICK_SIZE RR_SOFTTICKS_X86_64_TICK_SIZE
#define RR_SOFTTICKS_PAGE_ADDR RR_SOFTTICKS_X86_PAGE_ADDR
#define RR_SOFTTICKS_COUNTDOWN_ADDR RR_SOFTTICKS_X86_COUNTDOWN_ADDR
#define RR_SOFTTICKS_NATIVE_ARCH RR_SOFTTICKS_ARCH_X86_64
#define RR_SOFTTICKS_INIT_ASM RR_SOFTTICKS_X86_64_INIT_ASM
#define RR_SOFTTICKS__NATIVE_CLOBBERS RR_SOFTTICKS_X86_CLOBBERS
#elif defined(__i386__)
#define RR_SOFTTICKS_TICK_ASM RR_SOFTTICKS_I386_TICK_ASM
#define RR_SOFTTICKS_TICK_TEMPLATE RR_SOFTTICKS_I386_TICK_TEMPLATE
#define RR_SOFTTICKS_TICK_SIZE RR_SOFTTICKS_I386_TICK_SIZE
#define RR_SOFTTICKS_PAGE_ADDR RR_SOFTTICKS_X86_PAGE_ADDR
#define RR_SOFTTICKS_COUNTDOWN_ADDR RR_SOFTTICKS_X86_COUNTDOWN_ADDR
#define RR_SOFTTICKS_NATIVE_ARCH RR_SOFTTICKS_ARCH_I386
#define RR_SOFTTICKS_INIT_ASM RR_SOFTTICKS_I386_INIT_ASM
#define RR_SOFTTICKS__NATIVE_CLOBBERS RR_SOFTTICKS_X86_CLOBBERS
#elif defined(__aarch64__) && !defined(__ILP32__)
#define RR_SOFTTICKS_TICK_ASM RR_SOFTTICKS_AARCH64_TICK_ASM
#define RR_SOFTTICKS_TICK_TEMPLATE RR_SOFTTICKS_AARCH64_TICK_TEMPLATE
#define RR_SOFTTICKS_TICK_SIZE RR_SOFTTICKS_AARCH64_TICK_SIZE
#define RR_SOFTTICKS_PAGE_ADDR RR_SOFTTICKS_AARCH64_PAGE_ADDR
#define RR_SOFTTICKS_COUNTDOWN_ADDR RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR
#define RR_SOFTTICKS_NATIVE_ARCH RR_SOFTTICKS_ARCH_AARCH64
#define RR_SOFTTICKS_INIT_ASM RR_SOFTTICKS_AARCH64_INIT_ASM
#define RR_SOFTTICKS__NATIVE_CLOBBERS RR_SOFTTICKS_AARCH64_CLOBBERS
#endif

#if defined(RR_SOFTTICKS_TICK_ASM) && !defined(__ASSEMBLER__)
/* One tick, for hand-instrumented C and C++ (loops in inline asm, code the
 * compiler pass cannot see).  Guard it with #ifdef __RR_SOFTTICKS__ in
 * code that is also built without software ticks.  The same bytes with
 * -masm=att and -masm=intel (RR_SOFTTICKS_TICK_TEMPLATE). */
#define RR_SOFTTICK() \
  __asm__ __volatile__(RR_SOFTTICKS_TICK_TEMPLATE : : : RR_SOFTTICKS__NATIVE_CLOBBERS)
#endif

#if defined(RR_SOFTTICKS_TICK_ASM) && defined(__ASSEMBLER__)
/* In a preprocessed assembler file (.S) write RR_SOFTTICK on a line of its
 * own; it expands to this assembler macro. */
#define RR_SOFTTICK rr_softtick
/* clang-format off */
#if defined(__x86_64__)
.macro rr_softtick
  testb $0x80, 0x70001807
  .byte 0x75, 0x0b
  decq 0x70001800
  .byte 0x75, 0x01
  int3
.endm
#elif defined(__i386__)
.macro rr_softtick
  testb $0x80, 0x70001807
  .byte 0x75, 0x13
  subl $1, 0x70001800
  .byte 0x75, 0x0a
  subl $1, 0x70001804
  .byte 0x73, 0x01
  int3
.endm
#elif defined(__aarch64__)
.macro rr_softtick
  movz x16, #0x7001, lsl #16
  ldr x17, [x16, #0x800]
  tbnz x17, #63, 1f
  sub x17, x17, #1
  str x17, [x16, #0x800]
  cbnz x17, 1f
  brk #0x5354
1: mov x17, xzr
.endm
#endif
/* clang-format on */
#endif

/* ---------------------------------------------------------------------- */
/* Tracer helpers                                                          */
/* ---------------------------------------------------------------------- */

#ifndef __ASSEMBLER__

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>
#define RR_SOFTTICKS__INLINE static inline
extern "C" {
#else
#include <stddef.h>
#include <stdint.h>
#define RR_SOFTTICKS__INLINE static inline
#endif

enum rr_softticks_arch {
  RR_SOFTTICKS_ARCH_X86_64 = 1,
  RR_SOFTTICKS_ARCH_I386 = 2,
  RR_SOFTTICKS_ARCH_AARCH64 = 3
};

/* The countdown value that means "disarmed, never trap": 2^64 - 1. */
#define RR_SOFTTICKS_PARKED UINT64_C(0xffffffffffffffff)
/* Largest armable period: 2^63 - 1 (the top bit is the disarm guard). */
#define RR_SOFTTICKS_MAX_ARM UINT64_C(0x7fffffffffffffff)

/* Address of the countdown for an architecture (0 for an unknown one). */
RR_SOFTTICKS__INLINE uint64_t rr_softticks_countdown_addr(enum rr_softticks_arch arch) {
  return arch == RR_SOFTTICKS_ARCH_AARCH64 ? (uint64_t)RR_SOFTTICKS_AARCH64_COUNTDOWN_ADDR
         : (arch == RR_SOFTTICKS_ARCH_X86_64 || arch == RR_SOFTTICKS_ARCH_I386)
             ? (uint64_t)RR_SOFTTICKS_X86_COUNTDOWN_ADDR
             : 0;
}

RR_SOFTTICKS__INLINE uint64_t rr_softticks_page_addr(enum rr_softticks_arch arch) {
  uint64_t c = rr_softticks_countdown_addr(arch);
  return c ? c - RR_SOFTTICKS_COUNTDOWN_OFFSET : 0;
}

/* Whether a raw countdown value (the 8 bytes at the countdown, read as a
 * little-endian uint64) is armed: top bit clear.  Same on every arch: on
 * i386 the top bit is the high word's. */
RR_SOFTTICKS__INLINE int rr_softticks_is_armed(uint64_t raw) {
  return (raw >> 63) == 0;
}

/* The 8 bytes (as a little-endian uint64) a tracer writes so that the task
 * traps after exactly `ticks` more ticks, ticks in [1, 2^63).  Returns
 * RR_SOFTTICKS_PARKED for ticks out of range, which never traps.
 *
 * i386: the low word counts down to 0, then the high word takes the borrow;
 * a low word of 0 stands for 2^32.  So lo = ticks mod 2^32 and
 * hi = (ticks - 1) >> 32.  A task stopped with a borrow pending (see
 * rr_softticks_i386_borrow_pending) will take one from the high word
 * before it counts on, so pass borrow_pending=1 to add it back in advance.
 * borrow_pending is ignored on the other architectures. */
RR_SOFTTICKS__INLINE uint64_t rr_softticks_arm_value(enum rr_softticks_arch arch,
                                                     uint64_t ticks, int borrow_pending) {
  if (ticks == 0 || ticks > RR_SOFTTICKS_MAX_ARM) return RR_SOFTTICKS_PARKED;
  if (arch != RR_SOFTTICKS_ARCH_I386) return ticks;
  {
    uint32_t lo = (uint32_t)ticks;
    uint32_t hi = (uint32_t)((ticks - 1) >> 32);
    if (borrow_pending) hi += 1;
    return ((uint64_t)hi << 32) | lo;
  }
}

/* Ticks to go until the trap, from the 8 raw bytes read at the countdown
 * (little-endian uint64).  After arming W, the task has run W - remaining
 * ticks.  A trap stop reads 0.
 *
 * i386: hi * 2^32 + lo with lo = 0 counting as 2^32, less 2^32 while a
 * borrow is pending.  x86-64 and aarch64: the value itself. */
RR_SOFTTICKS__INLINE uint64_t rr_softticks_remaining(enum rr_softticks_arch arch,
                                                     uint64_t raw, int borrow_pending) {
  if (arch != RR_SOFTTICKS_ARCH_I386) return raw;
  {
    uint64_t hi = raw >> 32;
    uint64_t lo = raw & 0xffffffffu;
    uint64_t v = (hi << 32) + (lo ? lo : UINT64_C(0x100000000));
    if (borrow_pending) v -= UINT64_C(0x100000000);
    return v;
  }
}

/* i386: whether a task stopped at byte `offset` of a tick sequence has a
 * borrow pending: its low word has just reached 0 and the subl of the high
 * word has not run.  That is at the second jnz (offset 16) with ZF set, or
 * at the high word's subl (offset 18).  A stop right after a breakpoint's
 * int3 on either instruction counts as at that instruction: pass the
 * offset of the instruction, not of the pc. */
RR_SOFTTICKS__INLINE int rr_softticks_i386_borrow_pending(unsigned offset, int zf_set) {
  return offset == RR_SOFTTICKS_I386_BORROW_OFFSET ||
         (offset == RR_SOFTTICKS_I386_LOW_JNZ_OFFSET && zf_set);
}

/* aarch64: a task stopped between the ldr and the str (offsets 8, 12, 16:
 * RR_SOFTTICKS_AARCH64_TBNZ_OFFSET, _SUB_OFFSET, _COMMIT_OFFSET)
 * holds in x17 the countdown it loaded (minus 1 at 16, after the sub); the
 * str would overwrite whatever the tracer arms.  After writing `armed_raw`
 * to the countdown, set x17 to the value returned here, as if the ldr had
 * loaded the new countdown.  *set_x17 is 0 where x17 must be left alone. */
RR_SOFTTICKS__INLINE uint64_t rr_softticks_aarch64_rearm_x17(unsigned offset, uint64_t armed_raw,
                                                             int *set_x17) {
  *set_x17 = offset == RR_SOFTTICKS_AARCH64_TBNZ_OFFSET ||
             offset == RR_SOFTTICKS_AARCH64_SUB_OFFSET ||
             offset == RR_SOFTTICKS_AARCH64_COMMIT_OFFSET;
  return offset == RR_SOFTTICKS_AARCH64_COMMIT_OFFSET ? armed_raw - 1 : armed_raw;
}

/* The bytes of a sequence, the whole of it (through the instruction after
 * the trap on aarch64).  *size receives the length. */
RR_SOFTTICKS__INLINE const unsigned char *rr_softticks_sequence_bytes(
    enum rr_softticks_arch arch, size_t *size) {
  static const unsigned char x86_64_seq[RR_SOFTTICKS_X86_64_TICK_SIZE] = {
      0xf6, 0x04, 0x25, 0x07, 0x18, 0x00, 0x70, 0x80, /* testb $0x80,0x70001807 */
      0x75, 0x0b,                                     /* jnz 1f               */
      0x48, 0xff, 0x0c, 0x25, 0x00, 0x18, 0x00, 0x70, /* decq 0x70001800      */
      0x75, 0x01,                                     /* jnz 1f               */
      0xcc};                                          /* int3                 */
  static const unsigned char i386_seq[RR_SOFTTICKS_I386_TICK_SIZE] = {
      0xf6, 0x05, 0x07, 0x18, 0x00, 0x70, 0x80,       /* testb $0x80,0x70001807 */
      0x75, 0x13,                                     /* jnz 1f               */
      0x83, 0x2d, 0x00, 0x18, 0x00, 0x70, 0x01,       /* subl $1,0x70001800   */
      0x75, 0x0a,                                     /* jnz 1f               */
      0x83, 0x2d, 0x04, 0x18, 0x00, 0x70, 0x01,       /* subl $1,0x70001804   */
      0x73, 0x01,                                     /* jae 1f               */
      0xcc};                                          /* int3                 */
  static const unsigned char aarch64_seq[RR_SOFTTICKS_AARCH64_TICK_SIZE] = {
      0x30, 0x00, 0xae, 0xd2, /* movz x16, #0x7001, lsl #16 */
      0x11, 0x02, 0x44, 0xf9, /* ldr x17, [x16, #0x800]     */
      0xb1, 0x00, 0xf8, 0xb7, /* tbnz x17, #63, 1f          */
      0x31, 0x06, 0x00, 0xd1, /* sub x17, x17, #1           */
      0x11, 0x02, 0x04, 0xf9, /* str x17, [x16, #0x800]     */
      0x51, 0x00, 0x00, 0xb5, /* cbnz x17, 1f               */
      0x80, 0x6a, 0x2a, 0xd4, /* brk #0x5354                */
      0xf1, 0x03, 0x1f, 0xaa  /* 1: mov x17, xzr           */
  };
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: *size = sizeof x86_64_seq; return x86_64_seq;
    case RR_SOFTTICKS_ARCH_I386: *size = sizeof i386_seq; return i386_seq;
    case RR_SOFTTICKS_ARCH_AARCH64: *size = sizeof aarch64_seq; return aarch64_seq;
  }
  *size = 0;
  return (const unsigned char *)0;
}

/* Length of the sequence up to and including its trap instruction. */
RR_SOFTTICKS__INLINE size_t rr_softticks_bytes_through_trap(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_TRAP_OFFSET + 1;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_TRAP_OFFSET + 1;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_TRAP_OFFSET + 4;
  }
  return 0;
}

RR_SOFTTICKS__INLINE unsigned rr_softticks_commit_offset(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_COMMIT_OFFSET;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_COMMIT_OFFSET;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_COMMIT_OFFSET;
  }
  return 0;
}

RR_SOFTTICKS__INLINE unsigned rr_softticks_trap_offset(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return RR_SOFTTICKS_X86_64_TRAP_OFFSET;
    case RR_SOFTTICKS_ARCH_I386: return RR_SOFTTICKS_I386_TRAP_OFFSET;
    case RR_SOFTTICKS_ARCH_AARCH64: return RR_SOFTTICKS_AARCH64_TRAP_OFFSET;
  }
  return 0;
}

/* Offset from the start of the sequence of the pc a tick trap reports:
 * after the int3 on x86, at the brk on aarch64. */
RR_SOFTTICKS__INLINE unsigned rr_softticks_trap_pc_offset(enum rr_softticks_arch arch) {
  return arch == RR_SOFTTICKS_ARCH_AARCH64 ? rr_softticks_trap_offset(arch)
                                           : rr_softticks_trap_offset(arch) + 1;
}

/* What a recorder does with a task stopped at byte `offset` of a sequence
 * (not at a tick trap; see rr_softticks_is_tick_trap for that). */
enum rr_softticks_stop_action {
  /* An ordinary position: leave it (the tick has not committed, or x86's
   * guard/decrement, whose state does not depend on the countdown). */
  RR_SOFTTICKS_STOP_KEEP = 0,
  /* After the commit: move the pc to the end of the sequence (and on
   * aarch64 set x17 to 0, as the final mov would). */
  RR_SOFTTICKS_STOP_MOVE_TO_END = 1,
  /* aarch64 only, between the ldr and the str with an armed value in x17:
   * the tick will commit; completing the sequence commits it, so the
   * recorder also counts one tick (and stores x17 - 1 if it completes by
   * emulation rather than by running to the end). */
  RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END = 2
};

/* x17_top_bit_set: aarch64 only, whether x17's bit 63 is set at the stop
 * (then the guard skips the tick). */
RR_SOFTTICKS__INLINE enum rr_softticks_stop_action rr_softticks_stop_action(
    enum rr_softticks_arch arch, unsigned offset, int x17_top_bit_set) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      return (offset == RR_SOFTTICKS_X86_64_COMMIT_JNZ_OFFSET ||
              offset == RR_SOFTTICKS_X86_64_TRAP_OFFSET)
                 ? RR_SOFTTICKS_STOP_MOVE_TO_END
                 : RR_SOFTTICKS_STOP_KEEP;
    case RR_SOFTTICKS_ARCH_I386:
      return (offset == RR_SOFTTICKS_I386_LOW_JNZ_OFFSET ||
              offset == RR_SOFTTICKS_I386_BORROW_OFFSET ||
              offset == RR_SOFTTICKS_I386_BORROW_JAE_OFFSET ||
              offset == RR_SOFTTICKS_I386_TRAP_OFFSET)
                 ? RR_SOFTTICKS_STOP_MOVE_TO_END
                 : RR_SOFTTICKS_STOP_KEEP;
    case RR_SOFTTICKS_ARCH_AARCH64:
      if (offset == RR_SOFTTICKS_AARCH64_TBNZ_OFFSET || offset == RR_SOFTTICKS_AARCH64_SUB_OFFSET ||
          offset == RR_SOFTTICKS_AARCH64_COMMIT_OFFSET)
        return x17_top_bit_set ? RR_SOFTTICKS_STOP_KEEP
                               : RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END;
      return (offset == RR_SOFTTICKS_AARCH64_CBNZ_OFFSET ||
              offset == RR_SOFTTICKS_AARCH64_TRAP_OFFSET ||
              offset == RR_SOFTTICKS_AARCH64_CLEAR_OFFSET)
                 ? RR_SOFTTICKS_STOP_MOVE_TO_END
                 : RR_SOFTTICKS_STOP_KEEP;
  }
  return RR_SOFTTICKS_STOP_KEEP;
}

/* Recognizing a tick trap.  On a SIGTRAP stop at `pc`, read
 * rr_softticks_trap_window_before(arch) bytes ending at pc and
 * rr_softticks_trap_window_after(arch) bytes starting at pc (with any
 * debugger breakpoints replaced by the original bytes) into one buffer and
 * pass it to rr_softticks_is_tick_trap.  The countdown then reads 0. */
RR_SOFTTICKS__INLINE size_t rr_softticks_trap_window_before(enum rr_softticks_arch arch) {
  return rr_softticks_trap_pc_offset(arch);
}

RR_SOFTTICKS__INLINE size_t rr_softticks_trap_window_after(enum rr_softticks_arch arch) {
  return arch == RR_SOFTTICKS_ARCH_AARCH64 ? 4 : 0;
}

RR_SOFTTICKS__INLINE int rr_softticks_is_tick_trap(enum rr_softticks_arch arch,
                                                   const unsigned char *window) {
  size_t size, i, n = rr_softticks_bytes_through_trap(arch);
  const unsigned char *seq = rr_softticks_sequence_bytes(arch, &size);
  if (!seq || !window) return 0;
  for (i = 0; i < n; i++)
    if (window[i] != seq[i]) return 0;
  return 1;
}

/* ---------------------------------------------------------------------- */
/* The initializer's machine code                                          */
/*                                                                        */
/* __rr_softticks_init of each arch, byte for byte, as every instrumented */
/* module carries it (ABI "The initializer").  Its readable source is     */
/* runtime/page_init.c, compiled with gcc-12 (x86: -fcf-protection=branch; */
/* aarch64: aarch64-linux-gnu-gcc-12 -mbranch-protection=bti); the tables  */
/* are rewritten by runtime/regen_init_tables.py, and the runtime tests   */
/* check that a fresh compile still gives these bytes.  Position-         */
/* independent code with no relocations; the page-taken message sits in   */
/* the code, reached PC-relative.                                          */
/* ---------------------------------------------------------------------- */

/* BEGIN initializer tables: written by runtime/regen_init_tables.py */
#define RR_SOFTTICKS_X86_64_INIT_SIZE 84
#define RR_SOFTTICKS_I386_INIT_SIZE 105
#define RR_SOFTTICKS_AARCH64_INIT_SIZE 72
RR_SOFTTICKS__INLINE const unsigned char *rr_softticks_init_code(
    enum rr_softticks_arch arch, size_t *size) {
  static const unsigned char x86_64_init[RR_SOFTTICKS_X86_64_INIT_SIZE] = {
      0xf3, 0x0f, 0x1e, 0xfa,                                      /* 000: endbr64 */
      0x53,                                                        /* 004: push %rbx */
      0xbb, 0x09, 0x00, 0x00, 0x00,                                /* 005: mov $0x9,%ebx */
      0x41, 0xba, 0x22, 0x00, 0x10, 0x00,                          /* 00a: mov $0x100022,%r10d */
      0x45, 0x31, 0xc9,                                            /* 010: xor %r9d,%r9d */
      0x49, 0xc7, 0xc0, 0xff, 0xff, 0xff, 0xff,                    /* 013: mov $0xffffffffffffffff,%r8 */
      0xbe, 0x00, 0x10, 0x00, 0x00,                                /* 01a: mov $0x1000,%esi */
      0xbf, 0x00, 0x10, 0x00, 0x70,                                /* 01f: mov $0x70001000,%edi */
      0x48, 0x89, 0xd8,                                            /* 024: mov %rbx,%rax */
      0xba, 0x03, 0x00, 0x00, 0x00,                                /* 027: mov $0x3,%edx */
      0x0f, 0x05,                                                  /* 02c: syscall */
      0x48, 0x3d, 0x00, 0x10, 0x00, 0x70,                          /* 02e: cmp $0x70001000,%rax */
      0x74, 0x0b,                                                  /* 034: je 41 */
      0x48, 0x89, 0xc3,                                            /* 036: mov %rax,%rbx */
      0x48, 0x3d, 0x00, 0xf0, 0xff, 0xff,                          /* 039: cmp $0xfffffffffffff000,%rax */
      0x76, 0x07,                                                  /* 03f: jbe 48 */
      0x5b,                                                        /* 041: pop %rbx */
      0xc3,                                                        /* 042: ret */
      0x0f, 0x1f, 0x44, 0x00, 0x00,                                /* 043: nopl 0x0(%rax,%rax,1) */
      0xb8, 0x0b, 0x00, 0x00, 0x00,                                /* 048: mov $0xb,%eax */
      0x48, 0x89, 0xdf,                                            /* 04d: mov %rbx,%rdi */
      0x0f, 0x05,                                                  /* 050: syscall */
      0x5b,                                                        /* 052: pop %rbx */
      0xc3,                                                        /* 053: ret */
  };
  static const unsigned char i386_init[RR_SOFTTICKS_I386_INIT_SIZE] = {
      0xf3, 0x0f, 0x1e, 0xfb,                                      /* 000: endbr32 */
      0x55,                                                        /* 004: push %ebp */
      0xbd, 0xc0, 0x00, 0x00, 0x00,                                /* 005: mov $0xc0,%ebp */
      0xb9, 0x00, 0x10, 0x00, 0x00,                                /* 00a: mov $0x1000,%ecx */
      0xba, 0x03, 0x00, 0x00, 0x00,                                /* 00f: mov $0x3,%edx */
      0x57,                                                        /* 014: push %edi */
      0x89, 0xe8,                                                  /* 015: mov %ebp,%eax */
      0xbf, 0xff, 0xff, 0xff, 0xff,                                /* 017: mov $0xffffffff,%edi */
      0x56,                                                        /* 01c: push %esi */
      0xbe, 0x22, 0x00, 0x10, 0x00,                                /* 01d: mov $0x100022,%esi */
      0x53,                                                        /* 022: push %ebx */
      0xbb, 0x00, 0x10, 0x00, 0x70,                                /* 023: mov $0x70001000,%ebx */
      0x55,                                                        /* 028: push %ebp */
      0x31, 0xed,                                                  /* 029: xor %ebp,%ebp */
      0xcd, 0x80,                                                  /* 02b: int $0x80 */
      0x5d,                                                        /* 02d: pop %ebp */
      0x3d, 0x00, 0xf0, 0xff, 0xff,                                /* 02e: cmp $0xfffff000,%eax */
      0x77, 0x12,                                                  /* 033: ja 47 */
      0x89, 0xc5,                                                  /* 035: mov %eax,%ebp */
      0x3d, 0x00, 0x10, 0x00, 0x70,                                /* 037: cmp $0x70001000,%eax */
      0x74, 0x12,                                                  /* 03c: je 50 */
      0xb8, 0x5b, 0x00, 0x00, 0x00,                                /* 03e: mov $0x5b,%eax */
      0x89, 0xeb,                                                  /* 043: mov %ebp,%ebx */
      0xcd, 0x80,                                                  /* 045: int $0x80 */
      0x5b,                                                        /* 047: pop %ebx */
      0x5e,                                                        /* 048: pop %esi */
      0x5f,                                                        /* 049: pop %edi */
      0x5d,                                                        /* 04a: pop %ebp */
      0xc3,                                                        /* 04b: ret */
      0x8d, 0x74, 0x26, 0x00,                                      /* 04c: lea 0x0(%esi,%eiz,1),%esi */
      0xc7, 0x05, 0x00, 0x18, 0x00, 0x70, 0xff, 0xff, 0xff, 0xff,  /* 050: movl $0xffffffff,0x70001800 */
      0xc7, 0x05, 0x04, 0x18, 0x00, 0x70, 0xff, 0xff, 0xff, 0xff,  /* 05a: movl $0xffffffff,0x70001804 */
      0x5b,                                                        /* 064: pop %ebx */
      0x5e,                                                        /* 065: pop %esi */
      0x5f,                                                        /* 066: pop %edi */
      0x5d,                                                        /* 067: pop %ebp */
      0xc3,                                                        /* 068: ret */
  };
  static const unsigned char aarch64_init[RR_SOFTTICKS_AARCH64_INIT_SIZE] = {
      0x5f, 0x24, 0x03, 0xd5,                                      /* 000: bti c */
      0x43, 0x04, 0x80, 0xd2,                                      /* 004: mov x3, #0x22 */
      0xc8, 0x1b, 0x80, 0xd2,                                      /* 008: mov x8, #0xde */
      0x03, 0x02, 0xa0, 0xf2,                                      /* 00c: movk x3, #0x10, lsl #16 */
      0x20, 0x00, 0xae, 0xd2,                                      /* 010: mov x0, #0x70010000 */
      0x01, 0x00, 0x82, 0xd2,                                      /* 014: mov x1, #0x1000 */
      0x62, 0x00, 0x80, 0xd2,                                      /* 018: mov x2, #0x3 */
      0x04, 0x00, 0x80, 0x92,                                      /* 01c: mov x4, #0xffffffffffffffff */
      0x05, 0x00, 0x80, 0xd2,                                      /* 020: mov x5, #0x0 */
      0x01, 0x00, 0x00, 0xd4,                                      /* 024: svc #0x0 */
      0x1f, 0x04, 0x40, 0xb1,                                      /* 028: cmn x0, #0x1, lsl #12 */
      0x23, 0x00, 0xae, 0xd2,                                      /* 02c: mov x3, #0x70010000 */
      0x04, 0x90, 0x43, 0xfa,                                      /* 030: ccmp x0, x3, #0x4, ls */
      0x41, 0x00, 0x00, 0x54,                                      /* 034: b.ne 3c */
      0xc0, 0x03, 0x5f, 0xd6,                                      /* 038: ret */
      0xe8, 0x1a, 0x80, 0xd2,                                      /* 03c: mov x8, #0xd7 */
      0x01, 0x00, 0x00, 0xd4,                                      /* 040: svc #0x0 */
      0xc0, 0x03, 0x5f, 0xd6,                                      /* 044: ret */
  };
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: *size = sizeof x86_64_init; return x86_64_init;
    case RR_SOFTTICKS_ARCH_I386: *size = sizeof i386_init; return i386_init;
    case RR_SOFTTICKS_ARCH_AARCH64: *size = sizeof aarch64_init; return aarch64_init;
  }
  *size = 0;
  return (const unsigned char *)0;
}
/* The same bytes as assembler text, 16 to a line as common/asm_text.c
 * writes them (st_text_bytes). */
#define RR_SOFTTICKS_X86_64_INIT_BYTES_ASM \
  "\t.byte 0xf3,0x0f,0x1e,0xfa,0x53,0xbb,0x09,0x00,0x00,0x00,0x41,0xba,0x22,0x00,0x10,0x00\n" \
  "\t.byte 0x45,0x31,0xc9,0x49,0xc7,0xc0,0xff,0xff,0xff,0xff,0xbe,0x00,0x10,0x00,0x00,0xbf\n" \
  "\t.byte 0x00,0x10,0x00,0x70,0x48,0x89,0xd8,0xba,0x03,0x00,0x00,0x00,0x0f,0x05,0x48,0x3d\n" \
  "\t.byte 0x00,0x10,0x00,0x70,0x74,0x0b,0x48,0x89,0xc3,0x48,0x3d,0x00,0xf0,0xff,0xff,0x76\n" \
  "\t.byte 0x07,0x5b,0xc3,0x0f,0x1f,0x44,0x00,0x00,0xb8,0x0b,0x00,0x00,0x00,0x48,0x89,0xdf\n" \
  "\t.byte 0x0f,0x05,0x5b,0xc3\n"
#define RR_SOFTTICKS_I386_INIT_BYTES_ASM \
  "\t.byte 0xf3,0x0f,0x1e,0xfb,0x55,0xbd,0xc0,0x00,0x00,0x00,0xb9,0x00,0x10,0x00,0x00,0xba\n" \
  "\t.byte 0x03,0x00,0x00,0x00,0x57,0x89,0xe8,0xbf,0xff,0xff,0xff,0xff,0x56,0xbe,0x22,0x00\n" \
  "\t.byte 0x10,0x00,0x53,0xbb,0x00,0x10,0x00,0x70,0x55,0x31,0xed,0xcd,0x80,0x5d,0x3d,0x00\n" \
  "\t.byte 0xf0,0xff,0xff,0x77,0x12,0x89,0xc5,0x3d,0x00,0x10,0x00,0x70,0x74,0x12,0xb8,0x5b\n" \
  "\t.byte 0x00,0x00,0x00,0x89,0xeb,0xcd,0x80,0x5b,0x5e,0x5f,0x5d,0xc3,0x8d,0x74,0x26,0x00\n" \
  "\t.byte 0xc7,0x05,0x00,0x18,0x00,0x70,0xff,0xff,0xff,0xff,0xc7,0x05,0x04,0x18,0x00,0x70\n" \
  "\t.byte 0xff,0xff,0xff,0xff,0x5b,0x5e,0x5f,0x5d,0xc3\n"
#define RR_SOFTTICKS_AARCH64_INIT_BYTES_ASM \
  "\t.byte 0x5f,0x24,0x03,0xd5,0x43,0x04,0x80,0xd2,0xc8,0x1b,0x80,0xd2,0x03,0x02,0xa0,0xf2\n" \
  "\t.byte 0x20,0x00,0xae,0xd2,0x01,0x00,0x82,0xd2,0x62,0x00,0x80,0xd2,0x04,0x00,0x80,0x92\n" \
  "\t.byte 0x05,0x00,0x80,0xd2,0x01,0x00,0x00,0xd4,0x1f,0x04,0x40,0xb1,0x23,0x00,0xae,0xd2\n" \
  "\t.byte 0x04,0x90,0x43,0xfa,0x41,0x00,0x00,0x54,0xc0,0x03,0x5f,0xd6,0xe8,0x1a,0x80,0xd2\n" \
  "\t.byte 0x01,0x00,0x00,0xd4,0xc0,0x03,0x5f,0xd6\n"
/* END initializer tables */

/* The initializer's COMDAT group as file-scope assembly, for a unit that
 * carries its own initializer (hand-instrumented code built without the
 * compiler plugins, or with them: they see the definition and add no second
 * one, abi/ABI.md section 8):
 *
 *     #include <rr/softticks.h>
 *     __asm__(RR_SOFTTICKS_INIT_ASM);
 *
 * The hidden function __rr_softticks_init in .text.__rr_softticks_init,
 * its .init_array.00001 entry (priority 1) and the 20-byte ABI note, all in
 * the COMDAT group __rr_softticks_init: the text common/module_asm.c gives
 * the plugins (st_module_initializer_group_asm), character for character,
 * so a linked module keeps one copy of the group whichever units carry it.
 * Any number of units of a module may use it.  It does not include the
 * plugins' early mapping (a module whose every unit is hand-instrumented
 * maps its page from .init_array). */
#define RR_SOFTTICKS__STR2(x) #x
#define RR_SOFTTICKS__STR(x) RR_SOFTTICKS__STR2(x)
/* t: what starts a section type ("@" on x86, "%" on aarch64);
 * code_align, pointer_align: .p2align of the function and of the
 * .init_array entry; pointer: its size in bytes. */
#define RR_SOFTTICKS__INIT_GROUP_ASM(t, code_align, pointer, pointer_align, bytes)               \
  "\t.pushsection " RR_SOFTTICKS_INIT_SECTION ",\"axG\"," t "progbits," RR_SOFTTICKS_INIT_COMDAT \
  ",comdat\n"                                                                                   \
  "\t.p2align " code_align "\n"                                                                \
  "\t.globl " RR_SOFTTICKS_INIT_SYMBOL "\n"                                                    \
  "\t.hidden " RR_SOFTTICKS_INIT_SYMBOL "\n"                                                   \
  "\t.type " RR_SOFTTICKS_INIT_SYMBOL "," t "function\n"                                       \
  RR_SOFTTICKS_INIT_SYMBOL ":\n" bytes                                                         \
  "\t.size " RR_SOFTTICKS_INIT_SYMBOL ",.-" RR_SOFTTICKS_INIT_SYMBOL "\n"                      \
  "\t.popsection\n"                                                                            \
  "\t.pushsection " RR_SOFTTICKS_INIT_ARRAY_SECTION ",\"awG\"," t                               \
  "init_array," RR_SOFTTICKS_INIT_COMDAT ",comdat\n"                                           \
  "\t.p2align " pointer_align "\n"                                                             \
  "\t." pointer "byte " RR_SOFTTICKS_INIT_SYMBOL "\n"                                          \
  "\t.popsection\n"                                                                            \
  "\t.pushsection " RR_SOFTTICKS_NOTE_SECTION ",\"aG\"," t "note," RR_SOFTTICKS_INIT_COMDAT     \
  ",comdat\n"                                                                                   \
  "\t.balign 4\n"                                                                              \
  "\t.4byte " RR_SOFTTICKS__STR(RR_SOFTTICKS_NOTE_NAMESZ) "\n"                                 \
  "\t.4byte " RR_SOFTTICKS__STR(RR_SOFTTICKS_NOTE_DESCSZ) "\n"                                 \
  "\t.4byte " RR_SOFTTICKS__STR(RR_SOFTTICKS_NOTE_TYPE) "\n"                                   \
  "\t.byte 0x72,0x72,0x00,0x00\n" /* "rr", NUL, padding */                                     \
  "\t.byte 0x01,0x00,0x00,0x00\n" /* RR_SOFTTICKS_ABI_VERSION, little-endian */                \
  "\t.popsection\n"
#define RR_SOFTTICKS_X86_64_INIT_ASM \
  RR_SOFTTICKS__INIT_GROUP_ASM("@", "4", "8", "3", RR_SOFTTICKS_X86_64_INIT_BYTES_ASM)
#define RR_SOFTTICKS_I386_INIT_ASM \
  RR_SOFTTICKS__INIT_GROUP_ASM("@", "4", "4", "2", RR_SOFTTICKS_I386_INIT_BYTES_ASM)
#define RR_SOFTTICKS_AARCH64_INIT_ASM \
  RR_SOFTTICKS__INIT_GROUP_ASM("%", "2", "8", "3", RR_SOFTTICKS_AARCH64_INIT_BYTES_ASM)

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* !__ASSEMBLER__ */

#endif /* RR_SOFTTICKS_H */
