/* Printing results; see report.h. */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"

const char *format_location(const struct st_location *loc, char *buf, size_t len) {
  if (loc->function)
    snprintf(buf, len, "%s+%#" PRIx64, loc->function->name, loc->offset);
  else
    snprintf(buf, len, "??");
  return buf;
}

void print_registers(FILE *out, const struct user_regs_struct *r, int json) {
  struct reg {
    const char *name;
    uint64_t value;
  };
  const struct reg x86_64[] = {
      {"rax", r->rax}, {"rbx", r->rbx}, {"rcx", r->rcx}, {"rdx", r->rdx},
      {"rsi", r->rsi}, {"rdi", r->rdi}, {"rbp", r->rbp}, {"rsp", r->rsp},
      {"r8", r->r8},   {"r9", r->r9},   {"r10", r->r10}, {"r11", r->r11},
      {"r12", r->r12}, {"r13", r->r13}, {"r14", r->r14}, {"r15", r->r15},
      {"rip", r->rip}, {"eflags", r->eflags}};
  const struct reg i386[] = {
      {"eax", (uint32_t)r->rax}, {"ebx", (uint32_t)r->rbx}, {"ecx", (uint32_t)r->rcx},
      {"edx", (uint32_t)r->rdx}, {"esi", (uint32_t)r->rsi}, {"edi", (uint32_t)r->rdi},
      {"ebp", (uint32_t)r->rbp}, {"esp", (uint32_t)r->rsp}, {"eip", (uint32_t)r->rip},
      {"eflags", (uint32_t)r->eflags}};
  int is32 = st_regs_arch(r) == RR_SOFTTICKS_ARCH_I386;
  const struct reg *regs = is32 ? i386 : x86_64;
  size_t i, n = is32 ? sizeof i386 / sizeof i386[0] : sizeof x86_64 / sizeof x86_64[0];
  if (json) fputc('{', out);
  for (i = 0; i < n; i++) {
    if (json)
      fprintf(out, "%s\"%s\":%" PRIu64, i ? "," : "", regs[i].name, regs[i].value);
    else
      fprintf(out, "%-7s 0x%016" PRIx64 "\n", regs[i].name, regs[i].value);
  }
  if (json) fputc('}', out);
}

void print_exit_fields(FILE *out, const struct engine *e, int json) {
  if (json) {
    fprintf(out, ",\"exit_status\":%d", e->exit_status);
    if (e->term_signal) {
      fprintf(out, ",\"signal\":%d,\"signal_name\":", e->term_signal);
      st_json_string(out, sigabbrev_np(e->term_signal) ? sigabbrev_np(e->term_signal) : "?");
    }
    fprintf(out, ",\"traps\":%" PRIu64 ",\"ticks_exact\":%s,\"execs\":%" PRIu64
                 ",\"forks\":%" PRIu64 ",\"vforks\":%" PRIu64,
            e->traps, e->ticks_exact ? "true" : "false", e->execs, e->forks, e->vforks);
  } else {
    fprintf(out, "exit_status: %d\n", e->exit_status);
    if (e->term_signal)
      fprintf(out, "signal: %d (SIG%s)\n", e->term_signal,
              sigabbrev_np(e->term_signal) ? sigabbrev_np(e->term_signal) : "?");
    fprintf(out, "traps: %" PRIu64 "\n", e->traps);
    if (!e->ticks_exact) fprintf(out, "ticks_exact: false\n");
    if (e->forks || e->vforks)
      fprintf(out, "forks: %" PRIu64 "\nvforks: %" PRIu64 "\n", e->forks, e->vforks);
  }
}

int exit_status_for_end(const struct engine *e) {
  if (e->base == 0 && e->exe_without_note[0])
    fprintf(stderr,
            "softticks-trace: warning: no tick was counted: %s has no %s note and no "
            "instrumented code ran; it was not built for software ticks\n",
            e->exe_without_note, RR_SOFTTICKS_NOTE_SECTION);
  if (e->term_signal) {
    fprintf(stderr, "softticks-trace: the program was killed by signal %d (SIG%s)%s\n",
            e->term_signal, sigabbrev_np(e->term_signal) ? sigabbrev_np(e->term_signal) : "?",
            e->ticks_exact ? "" : "; the ticks after the last stop are not counted");
    return TRACE_KILLED;
  }
  return TRACE_OK;
}

FILE *report_open(struct report *r, const char *path) {
  memset(r, 0, sizeof *r);
  r->path = path;
  r->out = open_memstream(&r->buf, &r->len);
  if (!r->out) r->out = stdout;
  return r->out;
}

void report_finish(struct report *r, int print) {
  if (r->out == stdout) return;
  fclose(r->out);
  if (print && r->path) {
    FILE *f = fopen(r->path, "w");
    if (!f || fwrite(r->buf, 1, r->len, f) != r->len || fclose(f) != 0)
      fprintf(stderr, "softticks-trace: cannot write the report to %s\n", r->path);
  } else if (print && r->len) {
    fwrite(r->buf, 1, r->len, stdout);
  }
  fflush(stdout);
  free(r->buf);
  memset(r, 0, sizeof *r);
}
