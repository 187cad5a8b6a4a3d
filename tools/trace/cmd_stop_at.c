/* stop-at N: arm N, stop at the tick trap, show where the program is. */
#include <inttypes.h>
#include <stdio.h>
#include <sys/ptrace.h>

#include "address_space.h"
#include "commands.h"
#include "exit_codes.h"
#include "report.h"

int cmd_stop_at(const struct command_args *a) {
  struct engine e;
  struct st_address_space as = {0};
  struct st_location loc;
  char where[512];
  uint64_t pc, sp, remaining;
  enum engine_event ev;
  struct report report;
  FILE *out;
  int rc = start_program(&e, a);
  if (rc) return rc;
  if (engine_set_target(&e, a->n) != 0) return engine_failure(&e);
  ev = engine_run(&e, PTRACE_SYSCALL, 0);
  while (ev == ENGINE_SIGTRAP) ev = engine_run(&e, PTRACE_SYSCALL, SIGTRAP);
  if (ev == ENGINE_ERROR) return engine_failure(&e);
  if (ev == ENGINE_EXITED) {
    fprintf(stderr, "softticks-trace: the program ended after %" PRIu64 " ticks, before tick %" PRIu64 "\n",
            e.base, a->n);
    engine_free(&e);
    return TRACE_TOO_FEW_TICKS;
  }
  /* ENGINE_TARGET: the engine saw the trap bytes and a countdown of 0;
   * check both again here, independently, as the command promises. */
  pc = st_regs_pc(&e.regs);
  sp = st_regs_sp(&e.regs);
  {
    struct engine_memory_ctx ctx;
    struct st_memory mem = engine_memory(&ctx, &e, e.stopped);
    struct st_stop_regs sr = engine_stop_regs(&e.regs);
    if (st_is_tick_trap_code(e.main.arch, &mem, pc) != 1 ||
        st_read_remaining(e.main.arch, &mem, &sr, &remaining) != 0 || remaining != 0) {
      e.error_code = TRACE_NOT_A_TICK_TRAP;
      snprintf(e.error, sizeof e.error, "the stop at tick %" PRIu64 " (pc %#" PRIx64 ") is not a tick trap", a->n, pc);
      return engine_failure(&e);
    }
  }
  out = report_open(&report, a->output);
  st_address_space_refresh(&as, e.stopped->pid);
  st_address_space_locate(&as, pc, &loc);
  format_location(&loc, where, sizeof where);
  if (a->json) {
    fprintf(out, "{\"ticks\":%" PRIu64 ",\"pc\":%" PRIu64 ",\"sp\":%" PRIu64 ",\"function\":", a->n, pc, sp);
    st_json_string(out, loc.function ? loc.function->name : NULL);
    fprintf(out, ",\"function_offset\":%" PRIu64 ",\"location\":", loc.offset);
    st_json_string(out, where);
    fprintf(out, ",\"module\":");
    st_json_string(out, loc.mapping && loc.mapping->path ? loc.mapping->path : "");
    fprintf(out, ",\"arch\":\"%s\",\"pid\":%d,\"registers\":", st_arch_name(e.main.arch), (int)e.stopped->pid);
    print_registers(out, &e.regs, 1);
  } else {
    fprintf(out, "ticks: %" PRIu64 "\npc: %#" PRIx64 "\nsp: %#" PRIx64 "\nfunction: %s\nmodule: %s\n",
           a->n, pc, sp, where, loc.mapping && loc.mapping->path ? loc.mapping->path : "?");
    print_registers(out, &e.regs, 0);
  }
  st_address_space_free(&as);
  rc = TRACE_OK;
  if (a->do_continue) {
    e.target = ENGINE_NO_TARGET;
    if ((rc = run_to_end(&e)) != 0) {
      report_finish(&report, 0);
      return rc;
    }
    if (a->json) {
      fprintf(out, ",\"total_ticks\":%" PRIu64, e.base);
      print_exit_fields(out, &e, 1);
    } else {
      fprintf(out, "total_ticks: %" PRIu64 "\n", e.base);
      print_exit_fields(out, &e, 0);
    }
    rc = exit_status_for_end(&e);
  } else {
    engine_kill(&e);
  }
  if (a->json) fprintf(out, "}\n");
  report_finish(&report, 1);
  engine_free(&e);
  return rc;
}
