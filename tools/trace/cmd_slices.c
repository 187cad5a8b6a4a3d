/* slices --every K: trap every K ticks and list where the program was. */
#include <inttypes.h>
#include <stdio.h>
#include <sys/ptrace.h>

#include "address_space.h"
#include "commands.h"
#include "exit_codes.h"
#include "report.h"

int cmd_slices(const struct command_args *a) {
  struct engine e;
  struct st_address_space as = {0};
  enum engine_event ev;
  uint64_t count = 0;
  struct report report;
  FILE *out;
  int rc = start_program(&e, a);
  if (rc) return rc;
  out = report_open(&report, a->output);
  if (engine_set_target(&e, a->every) != 0) {
    report_finish(&report, 0);
    return engine_failure(&e);
  }
  if (a->json) fprintf(out, "{\"every\":%" PRIu64 ",\"slices\":[", a->every);
  ev = engine_run(&e, PTRACE_SYSCALL, 0);
  for (;;) {
    if (ev == ENGINE_SIGTRAP) {
      ev = engine_run(&e, PTRACE_SYSCALL, SIGTRAP);
    } else if (ev == ENGINE_TARGET) {
      struct st_location loc;
      char where[512];
      uint64_t pc = st_regs_pc(&e.regs), sp = st_regs_sp(&e.regs);
      if (e.code_changed || count == 0) {
        st_address_space_refresh(&as, e.stopped->pid);
        e.code_changed = 0;
      }
      st_address_space_locate(&as, pc, &loc);
      format_location(&loc, where, sizeof where);
      if (a->json) {
        fprintf(out, "%s{\"tick\":%" PRIu64 ",\"pc\":%" PRIu64 ",\"sp\":%" PRIu64 ",\"function\":",
               count ? "," : "", e.base, pc, sp);
        st_json_string(out, loc.function ? loc.function->name : NULL);
        fprintf(out, ",\"location\":");
        st_json_string(out, where);
        fprintf(out, "}");
      } else {
        fprintf(out, "%" PRIu64 " %#" PRIx64 " %#" PRIx64 " %s\n", e.base, pc, sp, where);
      }
      count++;
      e.target += a->every;
      if (e.target < a->every) e.target = ENGINE_NO_TARGET; /* wrapped */
      ev = engine_run(&e, PTRACE_SYSCALL, 0);
    } else {
      break;
    }
  }
  st_address_space_free(&as);
  if (ev == ENGINE_ERROR) {
    report_finish(&report, 0);
    return engine_failure(&e);
  }
  if (a->json) {
    fprintf(out, "],\"count\":%" PRIu64 ",\"ticks\":%" PRIu64, count, e.base);
    print_exit_fields(out, &e, 1);
    fprintf(out, "}\n");
  } else {
    fprintf(out, "ticks: %" PRIu64 "\n", e.base);
    print_exit_fields(out, &e, 0);
  }
  report_finish(&report, 1);
  rc = exit_status_for_end(&e);
  engine_free(&e);
  return rc;
}
