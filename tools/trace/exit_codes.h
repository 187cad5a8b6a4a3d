/* softticks-trace's own exit statuses (documented in --help and README). */
#ifndef SOFTTICKS_TRACE_EXIT_CODES_H
#define SOFTTICKS_TRACE_EXIT_CODES_H

enum trace_exit {
  TRACE_OK = 0,               /* done; the program exited (any status) */
  TRACE_VIOLATIONS = 1,       /* check: the guarantee was violated */
  TRACE_USAGE = 2,            /* unknown command/option, bad or out-of-range number */
  TRACE_NO_PROGRAM = 3,       /* program missing, not executable, exec failed */
  TRACE_PAGE_LOST = 4,        /* the program unmapped/replaced/protected the countdown page */
  TRACE_TOO_FEW_TICKS = 5,    /* stop-at: the program ended before tick N */
  TRACE_THREADS = 6,          /* the program created a thread: not supported */
  TRACE_NOT_A_TICK_TRAP = 7,  /* the program broke the ABI (trap/countdown mismatch) */
  TRACE_KILLED = 8,           /* the program was killed by a signal (report still printed) */
  TRACE_INTERNAL = 9          /* ptrace or system failure */
};

#endif
