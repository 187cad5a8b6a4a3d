/*
 * The tracer's side of the software-ticks ABI, on top of the helpers of
 * <rr/softticks.h>: where a stopped task is relative to a tick sequence,
 * whether a stop is a tick trap, what the countdown holds, arming and
 * parking it, and completing a sequence a stop landed in.
 *
 * Pure functions: they reach the tracee only through the st_memory
 * callbacks, so they are unit-tested with fake memories.  The read callback
 * must return the program's own bytes, i.e. with any debugger breakpoints
 * replaced by the original bytes.
 */
#ifndef SOFTTICKS_TRACELIB_TICK_SEQUENCE_H
#define SOFTTICKS_TRACELIB_TICK_SEQUENCE_H

#include <stddef.h>
#include <stdint.h>

#include <rr/softticks.h>

#include "arch.h" /* st_arch_name */

struct st_memory {
  /* Both return 0 on success, -1 when the bytes are not accessible. */
  int (*read)(void *ctx, uint64_t addr, void *buf, size_t len);
  int (*write)(void *ctx, uint64_t addr, const void *buf, size_t len);
  void *ctx;
};

/* What the sequence logic needs of a stopped task's registers. */
struct st_stop_regs {
  uint64_t pc;
  int zf;            /* x86: the zero flag */
  int x17_top_set;   /* aarch64: bit 63 of x17 */
};

/* Byte offset of `pc` inside a tick sequence, when pc is at one of the
 * sequence's instruction boundaries (its first byte included, its end
 * excluded); -1 otherwise or when the code cannot be read. */
int st_sequence_offset(enum rr_softticks_arch arch, const struct st_memory *mem, uint64_t pc);

/* Whether a SIGTRAP stop at `pc` is at a sequence's trap instruction (the
 * bytes only; a real tick trap also reads a countdown of 0). -1 when the
 * code cannot be read. */
int st_is_tick_trap_code(enum rr_softticks_arch arch, const struct st_memory *mem, uint64_t pc);

/* The 8 raw bytes of the countdown as a little-endian uint64. */
int st_read_countdown_raw(enum rr_softticks_arch arch, const struct st_memory *mem,
                          uint64_t *raw);

/* i386: whether the task has a borrow pending (see the ABI); 0 elsewhere. */
int st_borrow_pending(enum rr_softticks_arch arch, const struct st_memory *mem,
                      const struct st_stop_regs *regs);

/* Ticks to go before the trap, taking an i386 pending borrow into account.
 * Returns 0, or -1 when the countdown (or the code at pc) cannot be read. */
int st_read_remaining(enum rr_softticks_arch arch, const struct st_memory *mem,
                      const struct st_stop_regs *regs, uint64_t *remaining);

/* Arms the countdown so that the task traps after exactly `ticks` more
 * ticks, ticks in [1, RR_SOFTTICKS_MAX_ARM].  -1 on a range error or when
 * the write fails. */
int st_arm(enum rr_softticks_arch arch, const struct st_memory *mem,
           const struct st_stop_regs *regs, uint64_t ticks);

/* Writes the countdown so that a task outside any pending borrow reads
 * `remaining` ticks to go: the armed value, or for 0 what a trap leaves
 * (x86-64 and aarch64 0; i386 high word 0xffffffff, low word 0).  For a
 * task just moved to the end of its sequence, whose pending borrow (i386)
 * the move skipped.  -1 on a range error or when the write fails. */
int st_write_remaining(enum rr_softticks_arch arch, const struct st_memory *mem,
                       uint64_t remaining);

/* Parks (disarms) the countdown: 2^64 - 1. */
int st_park(enum rr_softticks_arch arch, const struct st_memory *mem);

/* For a stop that is not a tick trap: what to do with a task stopped in a
 * sequence (rr_softticks_stop_action), and in *new_pc where its pc goes
 * (unchanged for RR_SOFTTICKS_STOP_KEEP or outside any sequence). */
enum rr_softticks_stop_action st_complete_sequence(enum rr_softticks_arch arch,
                                                   const struct st_memory *mem,
                                                   const struct st_stop_regs *regs,
                                                   uint64_t *new_pc);

/* Length of the whole sequence (through the aarch64 trailing mov). */
size_t st_sequence_size(enum rr_softticks_arch arch);

#endif
