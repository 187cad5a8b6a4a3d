/*
 * librrsoftticks: the module asm every instrumented module carries, plus a
 * few helpers for hand-instrumented programs and JITs (rr/librrsoftticks.h).
 *
 * The module asm is the exact text the compiler plugins emit
 * (common/module_asm.c), generated into rrsoftticks_module_asm.h at build
 * time for every architecture, so this file also builds for i386 and
 * aarch64 in the tests.  None of this code ticks: it lives in a section
 * the plugins skip and is marked no_instrument_function.
 */
#define _GNU_SOURCE
#include <rr/librrsoftticks.h>

#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rrsoftticks_module_asm.h"

#if defined(__x86_64__) && !defined(__ILP32__)
__asm__(ST_MODULE_ASM_X86_64);
#elif defined(__i386__)
__asm__(ST_MODULE_ASM_I386);
#elif defined(__aarch64__)
__asm__(ST_MODULE_ASM_AARCH64);
#else
#error "librrsoftticks: x86-64, i386 and aarch64 only"
#endif

#define ST_LIB_FN __attribute__((no_instrument_function, section(".text.__rr_softticks_lib")))

/* What the link line's -u names to pull this member (initializer + note)
 * into a program that calls nothing here.  Hidden, so that a shared
 * library which also links the archive never exports it: the program's
 * own -u must be satisfied by the program's own copy. */
__attribute__((visibility("hidden"), used)) const char rr_softticks_static_link_anchor = 1;

/* Defined by the module asm above. */
extern void __rr_softticks_init(void) __attribute__((visibility("hidden")));

/* Whether the countdown can be read.  FUTEX_WAIT reads the word and fails
 * with EFAULT if it cannot, and otherwise returns at once (EAGAIN if the
 * value differs, ETIMEDOUT after a zero timeout): a probe with no effect.
 * msync/mincore would say "mapped" for a PROT_NONE mapping, and so does
 * qemu-user for every unmapped page of a 32-bit guest. */
ST_LIB_FN static int rr_softticks_countdown_readable(void) {
  static const struct timespec zero = {0, 0};
  int saved = errno, readable;
  long r = syscall(SYS_futex, (void *)RR_SOFTTICKS_COUNTDOWN_ADDR, FUTEX_WAIT_PRIVATE, 0u, &zero,
                   (void *)0, 0u);
  readable = !(r == -1 && errno == EFAULT);
  errno = saved;
  return readable;
}

ST_LIB_FN int rr_softticks_ensure_page(void) {
  __rr_softticks_init();
  return rr_softticks_countdown_readable() ? 0 : -1;
}

ST_LIB_FN int rr_softticks_countdown_armed(void) {
  const volatile uint32_t *words = (const volatile uint32_t *)RR_SOFTTICKS_COUNTDOWN_ADDR;
  uint64_t raw;
  if (!rr_softticks_countdown_readable()) return 0;
  /* Two 32-bit reads: the i386 layout, and little-endian everywhere. */
  raw = (uint64_t)words[1] << 32 | words[0];
  return rr_softticks_is_armed(raw);
}

ST_LIB_FN const unsigned char *rr_softticks_tick_bytes(size_t *len) {
  size_t n;
  const unsigned char *bytes = rr_softticks_sequence_bytes(RR_SOFTTICKS_NATIVE_ARCH, &n);
  if (len) *len = n;
  return bytes;
}
