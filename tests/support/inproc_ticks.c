/*
 * In-process tick harness: see inproc_ticks.h.
 */
#define _GNU_SOURCE
#include "inproc_ticks.h"

#include <rr/softticks.h>

#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define ST_HARNESS_FN __attribute__((no_instrument_function, section(".text.__rr_softticks_inproc")))

static const enum rr_softticks_arch arch = RR_SOFTTICKS_NATIVE_ARCH;

static struct {
  int active;
  uint64_t period, arm_raw;
  volatile uint64_t traps, bad_countdown;
  const volatile uint64_t *probe;
  uint64_t *log;
  size_t log_cap;
  void (*on_trap)(void *context);
  struct sigaction previous;
} state;

/* The countdown as two 32-bit words (i386's layout; little-endian, so the
 * same 8 bytes on the other architectures).  Plain volatile accesses, no
 * calls, so reading it first thing in the handler sees the trap's value. */
#define COUNTDOWN_WORDS ((volatile uint32_t *)RR_SOFTTICKS_COUNTDOWN_ADDR)

static inline __attribute__((always_inline)) uint64_t read_countdown(void) {
  return (uint64_t)COUNTDOWN_WORDS[1] << 32 | COUNTDOWN_WORDS[0];
}

static inline __attribute__((always_inline)) void write_countdown(uint64_t raw) {
  /* The high word first: while only the low word is new the top bit
   * still reads as before; nothing ticks in between anyway. */
  COUNTDOWN_WORDS[1] = (uint32_t)(raw >> 32);
  COUNTDOWN_WORDS[0] = (uint32_t)raw;
}

ST_HARNESS_FN static void say(const char *msg) {
  ssize_t r = write(2, msg, strlen(msg));
  (void)r;
}

ST_HARNESS_FN static uintptr_t context_pc(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__i386__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_EIP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.pc;
#endif
}

ST_HARNESS_FN static void on_sigtrap(int sig, siginfo_t *info, void *context) {
  uint64_t raw = read_countdown();
  ucontext_t *uc = context;
  uintptr_t pc = context_pc(uc);
  size_t before = rr_softticks_trap_window_before(arch);
  const unsigned char *window = (const unsigned char *)(pc - before);
  (void)sig;
  (void)info;

  if (!state.active || !rr_softticks_is_tick_trap(arch, window)) {
    say("inproc_ticks: SIGTRAP that is not a tick trap\n");
    _exit(ST_INPROC_EXIT_FOREIGN_TRAP);
  }
  if (rr_softticks_remaining(arch, raw, 0) != 0) state.bad_countdown++;
  if (state.log && state.traps < state.log_cap) state.log[state.traps] = *state.probe;
  state.traps++;
  if (state.on_trap) state.on_trap(context);
#if defined(__aarch64__)
  /* Step over the brk to the sequence's end, as its final mov would leave
   * x17. */
  uc->uc_mcontext.pc = pc - RR_SOFTTICKS_AARCH64_TRAP_OFFSET + RR_SOFTTICKS_AARCH64_TICK_SIZE;
  uc->uc_mcontext.regs[17] = 0;
#endif
  write_countdown(state.arm_raw);
}

/* FUTEX_WAIT with a zero timeout reads the word (EFAULT if it cannot) and
 * returns at once: a side-effect-free probe that, unlike msync, is right
 * for PROT_NONE mappings and under qemu-user. */
ST_HARNESS_FN static int countdown_readable(void) {
  static const struct timespec zero = {0, 0};
  long r = syscall(SYS_futex, (void *)RR_SOFTTICKS_COUNTDOWN_ADDR, FUTEX_WAIT_PRIVATE, 0u, &zero,
                   (void *)0, 0u);
  return !(r == -1 && errno == EFAULT);
}

ST_HARNESS_FN void st_inproc_watch(const volatile uint64_t *probe, uint64_t *log, size_t cap) {
  state.probe = probe;
  state.log = probe ? log : NULL;
  state.log_cap = probe && log ? cap : 0;
}

ST_HARNESS_FN void st_inproc_on_trap(void (*fn)(void *context)) { state.on_trap = fn; }

ST_HARNESS_FN int st_inproc_begin(uint64_t period) {
  struct sigaction sa;
  uint64_t raw = rr_softticks_arm_value(arch, period, 0);
  if (period == 0 || period > RR_SOFTTICKS_MAX_ARM) {
    fprintf(stderr, "inproc_ticks: period %llu out of [1, 2^63)\n", (unsigned long long)period);
    return -1;
  }
  if (!countdown_readable()) {
    fprintf(stderr, "inproc_ticks: the countdown's page is not mapped\n");
    return -1;
  }
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigtrap;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGTRAP, &sa, &state.previous) != 0) {
    perror("inproc_ticks: sigaction");
    return -1;
  }
  state.period = period;
  state.arm_raw = raw;
  state.traps = 0;
  state.bad_countdown = 0;
  state.active = 1;
  write_countdown(raw); /* last: nothing here ticks after arming */
  return 0;
}

ST_HARNESS_FN int st_inproc_end(struct st_inproc_report *report) {
  uint64_t raw = read_countdown(); /* first: before anything could tick */
  write_countdown(RR_SOFTTICKS_PARKED);
  memset(report, 0, sizeof *report);
  if (!state.active) return -1;
  state.active = 0;
  sigaction(SIGTRAP, &state.previous, NULL);
  report->period = state.period;
  report->traps = state.traps;
  report->bad_countdown = state.bad_countdown;
  report->remaining = rr_softticks_remaining(arch, raw, 0);
  report->ticks = state.traps * state.period + (state.period - report->remaining);
  return state.bad_countdown ? -1 : 0;
}
