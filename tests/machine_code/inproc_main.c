/*
 * Runs a corpus program (built with -Dmain=corpus_main) under the
 * in-process tick harness and reports on stderr how many ticks it ran:
 * "ticks N traps T".  ST_INPROC_PERIOD sets the armed period (default
 * 10^6); a small one makes the countdown trap, and the count must not
 * change.  Built without the plugin: only the corpus program ticks.
 * Also compiled as C++ for C++ corpus programs.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "inproc_ticks.h"

int corpus_main(void);

int main(void) {
  const char *text = getenv("ST_INPROC_PERIOD");
  uint64_t period = text ? strtoull(text, NULL, 10) : 1000000;
  struct st_inproc_report report;
  if (st_inproc_begin(period) != 0) return 90;
  int status = corpus_main();
  int ok = st_inproc_end(&report);
  fflush(stdout);
  fprintf(stderr, "ticks %" PRIu64 " traps %" PRIu64 "\n", report.ticks, report.traps);
  return ok == 0 ? status : 91;
}
