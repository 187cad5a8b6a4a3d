#define _GNU_SOURCE /* vfork, MAP_ANONYMOUS under -std=c11 */
/*
 * Programs a tracer must refuse or report, one per mode; each ticks
 * 1 (main) + 12 (tick_n(10)) times first.
 *   munmap    unmaps the countdown page
 *   raw-mprotect  makes it read-only with a system call instruction in
 *             main itself (instrumented code, which `check` single-steps;
 *             reading the countdown still works there)
 *   mprotect  makes it read-only
 *   replace   maps a fresh anonymous page over it (the countdown would
 *             silently read 0 if the tracer did not watch)
 *   abort     killed by SIGABRT
 *   sigkill   killed by SIGKILL (no signal-delivery stop: the tracer
 *             counts at the exit event)
 *   thread    creates a thread
 *   sigtrap   raises SIGTRAP, handled by the program itself: the tracer
 *             must pass it on; then tick_n(10) again: 25 ticks, exit 0
 *   sigtrap-ignored  ignores SIGTRAP, tick_n(10) again, raises SIGTRAP:
 *             25 ticks, exit 0 -- unless a tick trap came after the
 *             signal(): the kernel then resets the ignored SIGTRAP to
 *             its default (a known limit, tools/trace/README.md)
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tick_helpers.h"

static void *thread_main(void *arg) { return arg; }

static volatile sig_atomic_t trapped;
static void on_sigtrap(int sig) { trapped = sig; }

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  void *page = (void *)RR_SOFTTICKS_PAGE_ADDR;
  RR_SOFTTICK(); /* entry */
  tick_n(10);
  if (!strcmp(mode, "munmap")) return munmap(page, RR_SOFTTICKS_MAP_SIZE) == 0 ? 0 : 10;
  if (!strcmp(mode, "raw-mprotect")) {
    long ret;
#if defined(__x86_64__)
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "0"(10L /* mprotect */), "D"(page), "S"((long)RR_SOFTTICKS_MAP_SIZE),
                       "d"((long)PROT_READ)
                     : "rcx", "r11", "memory");
#else
    __asm__ volatile("int $0x80"
                     : "=a"(ret)
                     : "0"(125L /* mprotect */), "b"(page), "c"((long)RR_SOFTTICKS_MAP_SIZE),
                       "d"((long)PROT_READ)
                     : "memory");
#endif
    return ret == 0 ? 0 : 10;
  }
  if (!strcmp(mode, "mprotect"))
    return mprotect(page, RR_SOFTTICKS_MAP_SIZE, PROT_READ) == 0 ? 0 : 10;
  if (!strcmp(mode, "replace"))
    return mmap(page, RR_SOFTTICKS_MAP_SIZE, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == page
               ? 0
               : 10;
  if (!strcmp(mode, "abort")) abort();
  if (!strcmp(mode, "sigkill")) kill(getpid(), SIGKILL);
  if (!strcmp(mode, "thread")) {
    pthread_t t;
    if (pthread_create(&t, NULL, thread_main, NULL) != 0) return 10;
    pthread_join(t, NULL);
    return 0;
  }
  if (!strcmp(mode, "sigtrap")) {
    signal(SIGTRAP, on_sigtrap);
    raise(SIGTRAP);
    if (trapped != SIGTRAP) return 11;
    tick_n(10);
    return 0;
  }
  if (!strcmp(mode, "sigtrap-ignored")) {
    signal(SIGTRAP, SIG_IGN);
    tick_n(10);
    raise(SIGTRAP);
    return 0;
  }
  return 2;
}
