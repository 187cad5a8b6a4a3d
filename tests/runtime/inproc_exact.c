/*
 * The tracer's half of the ABI, in process (tests/support/inproc_ticks):
 * arm N, and the trap must come after exactly N ticks, with the countdown
 * at 0; counting on across traps must give exact totals.  The ticks are
 * known by construction (a loop of LOOP_N iterations ticks LOOP_N times;
 * fib(n) makes 2 * fib(n + 1) - 1 calls, passed in by the test) and also
 * counted by plain code after each tick (workload.h), never by the
 * countdown.
 *
 *   inproc_exact LOOP_N FIB_N FIB_CALLS SORT_N
 * Exit status: 0 all exact, 1 a mismatch (printed), 2 bad usage or the
 * harness could not start.
 *
 *   inproc_exact foreign
 * raises a SIGTRAP that is not a tick trap while the harness is active:
 * the harness must end the process with ST_INPROC_EXIT_FOREIGN_TRAP.
 */
#include <signal.h>
#include <rr/softticks.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inproc_ticks.h"
#include "workload.h"

#define LOG_CAP 4096

static uint64_t trap_log[LOG_CAP];
static void expect(int ok, const char *what, uint64_t period, uint64_t got, uint64_t want) {
  CHECK(ok, "period=%" PRIu64 ": %s: got %" PRIu64 ", want %" PRIu64, period, what, got, want);
}

/* Runs work under period N and checks everything the harness saw. */
static void check_period(uint64_t period, uint64_t loop_n, unsigned fib_n, uint64_t fib_calls,
                         size_t sort_n) {
  volatile uint64_t *ticks = wl_tick_counter();
  struct st_inproc_report r;
  uint64_t comparisons = 0, start, done, i, logged;
  int sorted;

  *ticks = 0;
  st_inproc_watch(ticks, trap_log, LOG_CAP);
  if (st_inproc_begin(period) != 0) exit(2);
  start = *ticks;
  wl_loop(loop_n);
  wl_fib(fib_n);
  sorted = wl_sort(sort_n, 7, &comparisons);
  done = *ticks - start;
  if (st_inproc_end(&r) != 0) expect(0, "traps with a nonzero countdown", period, r.bad_countdown, 0);

  expect(sorted, "sorted", period, (uint64_t)sorted, 1);
  /* By construction: loop + fib calls + one per comparison. */
  expect(done == loop_n + fib_calls + comparisons, "ticks counted by the program", period, done,
         loop_n + fib_calls + comparisons);
  expect(r.ticks == done, "ticks counted by the harness", period, r.ticks, done);
  expect(r.traps == done / period, "traps", period, r.traps, done / period);
  logged = r.traps < LOG_CAP ? r.traps : LOG_CAP;
  for (i = 0; i < logged; i++)
    if (trap_log[i] != (i + 1) * period - 1) {
      expect(0, "ticks before a trap", period, trap_log[i], (i + 1) * period - 1);
      break;
    }
  printf("period=%" PRIu64 " ticks=%" PRIu64 " traps=%" PRIu64 "\n", period, r.ticks, r.traps);
}

int main(int argc, char **argv) {
  static const uint64_t periods[] = {
      1, 2, 3, 7, 64, 1000, 4099,
      UINT64_C(0x100000003), /* i386: the high word's borrow path */
      UINT64_C(1) << 62, RR_SOFTTICKS_MAX_ARM};
  uint64_t loop_n, fib_calls;
  unsigned fib_n;
  size_t sort_n, k;

  if (argc == 2 && strcmp(argv[1], "foreign") == 0) {
    if (st_inproc_begin(1000) != 0) return 2;
    raise(SIGTRAP);
    return 0; /* the harness let a foreign trap through */
  }
  if (argc != 5) {
    fprintf(stderr, "usage: inproc_exact LOOP_N FIB_N FIB_CALLS SORT_N\n");
    return 2;
  }
  loop_n = strtoull(argv[1], NULL, 0);
  fib_n = (unsigned)strtoul(argv[2], NULL, 0);
  fib_calls = strtoull(argv[3], NULL, 0);
  sort_n = (size_t)strtoull(argv[4], NULL, 0);
  for (k = 0; k < sizeof periods / sizeof periods[0]; k++)
    check_period(periods[k], loop_n, fib_n, fib_calls, sort_n);
  return check_report("inproc_exact");
}
