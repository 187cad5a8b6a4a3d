/* count: run the program to its end, armed, and report the ticks. */
#include <inttypes.h>
#include <stdio.h>
#include <sys/ptrace.h>

#include "commands.h"
#include "exit_codes.h"
#include "report.h"

int start_program(struct engine *e, const struct command_args *a) {
  int rc = engine_start(e, &a->engine, a->program, a->argv);
  if (rc != 0) {
    fprintf(stderr, "softticks-trace: %s\n", e->error);
    engine_kill(e);
    engine_free(e);
  }
  return rc;
}

int engine_failure(struct engine *e) {
  int rc = e->error_code ? e->error_code : TRACE_INTERNAL;
  fprintf(stderr, "softticks-trace: %s\n", e->error[0] ? e->error : "internal error");
  engine_kill(e);
  engine_free(e);
  return rc;
}

int run_to_end(struct engine *e) {
  enum engine_event ev = engine_run(e, PTRACE_SYSCALL, 0);
  for (;;) {
    switch (ev) {
      case ENGINE_EXITED: return 0;
      case ENGINE_SIGTRAP: ev = engine_run(e, PTRACE_SYSCALL, SIGTRAP); break;
      case ENGINE_TARGET:
      case ENGINE_CODE_CHANGED: ev = engine_run(e, PTRACE_SYSCALL, 0); break;
      case ENGINE_ERROR: return engine_failure(e);
    }
  }
}

int cmd_count(const struct command_args *a) {
  struct engine e;
  struct report report;
  FILE *out;
  int rc = start_program(&e, a);
  if (rc) return rc;
  if ((rc = run_to_end(&e)) != 0) return rc;
  out = report_open(&report, a->output);
  if (a->json) {
    fprintf(out, "{\"ticks\":%" PRIu64, e.base);
    print_exit_fields(out, &e, 1);
    fprintf(out, ",\"period\":%" PRIu64 ",\"arch\":\"%s\"}\n", a->engine.period,
           st_arch_name(e.main.arch));
  } else {
    fprintf(out, "ticks: %" PRIu64 "\n", e.base);
    print_exit_fields(out, &e, 0);
  }
  report_finish(&report, 1);
  rc = exit_status_for_end(&e);
  engine_free(&e);
  return rc;
}
