/*
 * In-process tick counting: the tracer's half of the ABI done by the
 * program itself, with a SIGTRAP handler instead of ptrace (qemu-user has
 * no ptrace).  For tests of hand-instrumented and plugin-instrumented code
 * on x86-64, i386 and aarch64.
 *
 *   st_inproc_begin(N)   arm the countdown to N ticks (the header's
 *                        rr_softticks_arm_value) and take over SIGTRAP;
 *   ... code that ticks ...
 *   st_inproc_end(&r)    disarm and report.
 *
 * At each trap the handler checks that the trap is a tick trap (the bytes
 * before the pc are a tick sequence through its trap instruction) and that
 * the countdown reads 0, counts it, steps over the trap (aarch64: pc to the
 * end of the sequence, x17 = 0; x86: the pc already is after the int3) and
 * re-arms N.  A SIGTRAP that is not a tick trap ends the process with
 * status ST_INPROC_EXIT_FOREIGN_TRAP.
 *
 * Single-threaded: one countdown per address space, no atomic updates.
 * The page must already be mapped (a module initializer or
 * rr_softticks_ensure_page()).  This file's functions never tick (skip
 * section + no_instrument_function), so it may be built with the plugins;
 * a tick in code it calls from the handler (an uninlined header helper)
 * only changes a countdown the handler re-arms anyway.
 */
#ifndef SOFTTICKS_TESTS_INPROC_TICKS_H
#define SOFTTICKS_TESTS_INPROC_TICKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ST_INPROC_EXIT_FOREIGN_TRAP 70

struct st_inproc_report {
  uint64_t period;        /* N */
  uint64_t traps;         /* tick traps taken */
  uint64_t bad_countdown; /* traps at which the countdown did not read 0 */
  uint64_t remaining;     /* ticks to go at st_inproc_end */
  uint64_t ticks;         /* traps * N + (N - remaining) */
};

/* Arms N in [1, 2^63) and installs the handler.  Returns 0, or -1 (with
 * a message on stderr) if the page is not mapped, N is out of range or
 * the handler cannot be installed. */
int st_inproc_begin(uint64_t period);

/* Optional: at each trap, log[i] = *probe for the i-th trap (up to cap
 * entries).  A program that counts its own ticks in *probe can so check
 * that each trap came after exactly N more ticks.  Call before begin. */
void st_inproc_watch(const volatile uint64_t *probe, uint64_t *log, size_t cap);

/* Optional: fn(context) at each tick trap, after the checks and before
 * the handler steps over the trap and re-arms; context is the handler's
 * ucontext_t.  For a test that looks at the stopped program from there
 * (asm.mc.unwind: backtrace() at each stop).  NULL: none. */
void st_inproc_on_trap(void (*fn)(void *context));

/* Parks the countdown (disarmed), restores the previous SIGTRAP action and
 * fills *report.  Returns 0 if every trap was a good one (countdown 0),
 * -1 otherwise or if begin was not called. */
int st_inproc_end(struct st_inproc_report *report);

#ifdef __cplusplus
}
#endif

#endif
