/*
 * check: single-step the program's instrumented code and verify the
 * guarantee: between two changes of the countdown, no (pc, sp) inside an
 * instrumented function repeats.
 *
 * Uninstrumented code runs freely.  int3 breakpoints at the instrumented
 * functions' entries start stepping; when a step leaves instrumented code
 * through a call, a breakpoint at the return address, remembered with the
 * sp it will have after the return, resumes stepping there (the same
 * address hit with another sp is a deeper or shallower activation: stepped
 * over).  Leaving by a return or a jump just runs on until the next entry.
 * Breakpoint bytes are masked whenever code is read (engine_memory).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include "address_space.h"
#include "commands.h"
#include "exit_codes.h"
#include "pc_sp_set.h"
#include "report.h"

#define MAX_REPORTED 100
/* Longest x86 call instruction: the return address is at most this far
 * past the call's pc. */
#define MAX_CALL_LENGTH 16

struct function_range {
  uint64_t start, end;
  const char *name; /* owned by the address space's module cache */
};

struct return_bp {
  uint64_t addr, sp;
  /* Set for the return of a signal handler to a pc the stepper had already
   * observed and not yet executed: that pc runs once, observe it once. */
  int observed;
};

struct violation {
  uint64_t pc, sp, interval;
  const char *function;
  uint64_t offset;
};

struct checker {
  struct engine *e;
  struct st_address_space as;
  struct function_range *fns;
  size_t fn_count, fn_cap;
  struct return_bp *rets;
  size_t ret_count, ret_cap;
  struct pc_sp_set seen;
  uint64_t steps, intervals, violation_count, execs_seen;
  uint64_t last_remaining;
  int have_remaining;
  /* The stepper: stepping, and the last position it observed. */
  int stepping, have_prev;
  uint64_t prev_pc, prev_sp;
  struct violation reported[MAX_REPORTED];
  size_t reported_count;
  int warned_foreign_int3;
  size_t modules_warned; /* modules of the address space looked at for the
                            partly instrumented warning */
  int with_untracked;    /* --untracked: step their untracked functions too */
};

static void add_function(void *vctx, uint64_t start, uint64_t end, const struct st_elf_module *mod,
                         const struct st_function *f) {
  struct checker *c = vctx;
  (void)mod;
  if (c->fn_count == c->fn_cap) {
    size_t cap = c->fn_cap ? 2 * c->fn_cap : 64;
    struct function_range *grown = realloc(c->fns, cap * sizeof *grown);
    if (!grown) return;
    c->fns = grown;
    c->fn_cap = cap;
  }
  c->fns[c->fn_count].start = start;
  c->fns[c->fn_count].end = end;
  c->fns[c->fn_count].name = f->name;
  c->fn_count++;
}

static int compare_ranges(const void *a, const void *b) {
  const struct function_range *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Shared libraries with the note whose functions do not all tick: their
 * untracked code is not checked.  (The executable was warned about at its
 * exec.)  Once per module: the address space keeps them loaded. */
static void warn_new_modules(struct checker *c) {
  char link[64], exe[4096];
  ssize_t n;
  snprintf(link, sizeof link, "/proc/%d/exe", (int)c->e->main.pid);
  n = readlink(link, exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = 0;
  for (; c->modules_warned < c->as.module_count; c->modules_warned++) {
    const struct st_elf_module *mod = c->as.modules[c->modules_warned];
    if (mod->has_note && strcmp(mod->path, exe) != 0)
      engine_warn_partly_instrumented(mod->path, mod);
  }
}

/* Re-reads the mappings and plants entry breakpoints for new functions. */
static int refresh_functions(struct checker *c) {
  size_t i;
  if (c->e->execs != c->execs_seen) { /* a new image: nothing carries over */
    c->execs_seen = c->e->execs;
    c->ret_count = 0;
    c->have_remaining = 0;
  }
  c->fn_count = 0;
  if (st_address_space_refresh(&c->as, c->e->main.pid) != 0) return -1;
  st_address_space_instrumented(&c->as, c->with_untracked, add_function, c);
  warn_new_modules(c);
  qsort(c->fns, c->fn_count, sizeof *c->fns, compare_ranges);
  for (i = 0; i < c->fn_count; i++)
    if (engine_add_bp(c->e, c->fns[i].start) != 0) return -1;
  c->e->code_changed = 0;
  return 0;
}

static const struct function_range *instrumented_at(const struct checker *c, uint64_t pc) {
  size_t lo = 0, hi = c->fn_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (c->fns[mid].start <= pc)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo && pc < c->fns[lo - 1].end ? &c->fns[lo - 1] : NULL;
}

static int is_entry(const struct checker *c, uint64_t addr) {
  const struct function_range *f = instrumented_at(c, addr);
  return f && f->start == addr;
}

static int add_return_bp(struct checker *c, uint64_t addr, uint64_t sp, int observed) {
  if (c->ret_count == c->ret_cap) {
    size_t cap = c->ret_cap ? 2 * c->ret_cap : 64;
    struct return_bp *grown = realloc(c->rets, cap * sizeof *grown);
    if (!grown) return -1;
    c->rets = grown;
    c->ret_cap = cap;
  }
  c->rets[c->ret_count].addr = addr;
  c->rets[c->ret_count].sp = sp;
  c->rets[c->ret_count].observed = observed;
  c->ret_count++;
  return engine_add_bp(c->e, addr);
}

/* Whether (addr, sp) is a pending return; removes it (and its breakpoint
 * when nothing else needs it).  *observed: see struct return_bp. */
static int take_return_bp(struct checker *c, uint64_t addr, uint64_t sp, int *observed) {
  size_t i, others = 0;
  int found = 0;
  *observed = 0;
  for (i = 0; i < c->ret_count; i++) {
    if (c->rets[i].addr != addr) continue;
    if (!found && c->rets[i].sp == sp) {
      *observed = c->rets[i].observed;
      c->rets[i] = c->rets[--c->ret_count];
      found = 1;
      i--;
    } else {
      others++;
    }
  }
  if (found && !others && !is_entry(c, addr)) engine_remove_bp(c->e, addr);
  return found;
}

/* A signal is about to be delivered: when its handler returns, execution
 * goes back to this pc with this sp; if that is instrumented code, step
 * again from there. */
static void on_signal(void *ctx, const struct user_regs_struct *regs) {
  struct checker *c = ctx;
  uint64_t pc = st_regs_pc(regs), sp = st_regs_sp(regs);
  if (instrumented_at(c, pc))
    add_return_bp(c, pc, sp, c->stepping && c->have_prev && c->prev_pc == pc && c->prev_sp == sp);
}

static void record_violation(struct checker *c, const struct function_range *f, uint64_t pc,
                             uint64_t sp) {
  size_t i;
  c->violation_count++;
  for (i = 0; i < c->reported_count; i++)
    if (c->reported[i].pc == pc) return; /* one report per pc */
  if (c->reported_count == MAX_REPORTED) return;
  c->reported[c->reported_count].pc = pc;
  c->reported[c->reported_count].sp = sp;
  c->reported[c->reported_count].interval = c->intervals;
  c->reported[c->reported_count].function = f->name;
  c->reported[c->reported_count].offset = pc - f->start;
  c->reported_count++;
}

/* Whether the code is a rep-prefixed string instruction (rep movs, stos,
 * ...).  Single-stepping one stops after each of its iterations at the same
 * pc: one execution of the instruction, not repeats. */
static int is_rep_string(const unsigned char *code, size_t len, int x86_64) {
  size_t i;
  int rep = 0;
  for (i = 0; i < len; i++) {
    unsigned char b = code[i];
    if (b == 0xf2 || b == 0xf3)
      rep = 1;
    else if (b == 0x66 || b == 0x67 || b == 0x2e || b == 0x36 || b == 0x3e || b == 0x26 ||
             b == 0x64 || b == 0x65 || b == 0xf0 || (x86_64 && b >= 0x40 && b <= 0x4f))
      continue;
    else
      return rep && ((b >= 0xa4 && b <= 0xa7) || (b >= 0xaa && b <= 0xaf) ||
                     (b >= 0x6c && b <= 0x6f));
  }
  return 0;
}

/* One observation of the stopped main task, inside instrumented code. */
static int observe(struct checker *c, const struct function_range *f,
                   const struct user_regs_struct *regs) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, c->e, &c->e->main);
  struct st_stop_regs sr = engine_stop_regs(regs);
  uint64_t remaining;
  int seen;
  if (st_read_remaining(c->e->main.arch, &mem, &sr, &remaining) != 0) return -1;
  if (!c->have_remaining || remaining != c->last_remaining) {
    pc_sp_set_clear(&c->seen);
    c->last_remaining = remaining;
    c->have_remaining = 1;
    c->intervals++;
  }
  if (c->have_prev && c->prev_pc == sr.pc && c->prev_sp == st_regs_sp(regs)) {
    unsigned char code[15];
    if (mem.read(mem.ctx, sr.pc, code, sizeof code) == 0 &&
        is_rep_string(code, sizeof code, c->e->main.arch == RR_SOFTTICKS_ARCH_X86_64))
      return 0; /* the next iteration of the same rep instruction */
  }
  seen = pc_sp_set_insert(&c->seen, sr.pc, st_regs_sp(regs));
  if (seen < 0) return -1;
  if (seen) record_violation(c, f, sr.pc, st_regs_sp(regs));
  return 0;
}

/* Single-steps the main task, lifting a breakpoint at its pc for the step. */
static enum engine_event step(struct checker *c, uint64_t pc) {
  static const unsigned char int3 = ST_INT3;
  struct st_breakpoint *bp = engine_find_bp(c->e, pc);
  enum engine_event ev;
  unsigned char original;
  unsigned char insn[2];
  c->steps++;
  /* A system call instruction runs under PTRACE_SYSCALL, so that the
   * engine watches it (the countdown page) as it does in free runs. */
  if (!bp && st_task_read_mem(&c->e->main, pc, insn, 2) == 0 &&
      ((insn[0] == 0x0f && (insn[1] == 0x05 || insn[1] == 0x34)) ||
       (insn[0] == 0xcd && insn[1] == 0x80))) {
    c->e->stop_at_syscall_exit = 1;
    return engine_run(c->e, PTRACE_SYSCALL, 0);
  }
  if (!bp) return engine_run(c->e, PTRACE_SINGLESTEP, 0);
  original = bp->original;
  st_task_write_mem(&c->e->main, pc, &original, 1);
  ev = engine_run(c->e, PTRACE_SINGLESTEP, 0);
  if (ev != ENGINE_EXITED && engine_find_bp(c->e, pc)) st_task_write_mem(&c->e->main, pc, &int3, 1);
  return ev;
}

static void print_report(FILE *out, const struct checker *c, int json) {
  const struct engine *e = c->e;
  size_t i;
  if (json) {
    fprintf(out, "{\"violations\":[");
    for (i = 0; i < c->reported_count; i++) {
      const struct violation *v = &c->reported[i];
      fprintf(out, "%s{\"function\":", i ? "," : "");
      st_json_string(out, v->function);
      fprintf(out, ",\"offset\":%" PRIu64 ",\"pc\":%" PRIu64 ",\"sp\":%" PRIu64
                   ",\"interval\":%" PRIu64 "}",
              v->offset, v->pc, v->sp, v->interval);
    }
    fprintf(out, "],\"violation_count\":%" PRIu64 ",\"steps\":%" PRIu64 ",\"intervals\":%" PRIu64
                 ",\"instrumented_functions\":%zu,\"ticks\":%" PRIu64,
            c->violation_count, c->steps, c->intervals, c->fn_count, e->base);
    print_exit_fields(out, e, 1);
    fprintf(out, "}\n");
  } else {
    for (i = 0; i < c->reported_count; i++) {
      const struct violation *v = &c->reported[i];
      fprintf(out, "violation: %s+%#" PRIx64 " pc %#" PRIx64 " sp %#" PRIx64
                   " repeats without a tick (interval %" PRIu64 ")\n",
              v->function, v->offset, v->pc, v->sp, v->interval);
    }
    fprintf(out, "violations: %" PRIu64 "\nsteps: %" PRIu64 "\nintervals: %" PRIu64
                 "\ninstrumented_functions: %zu\nticks: %" PRIu64 "\n",
            c->violation_count, c->steps, c->intervals, c->fn_count, e->base);
    print_exit_fields(out, e, 0);
  }
}

/* The stepper is back at an int3 of ours at pc (regs already moved
 * there): an entry, or a pending return of this activation, starts
 * stepping; another activation's return address is stepped over.
 * Returns 1 with *next set when the stop is handled, 0 to observe pc. */
static int at_breakpoint(struct checker *c, uint64_t pc, uint64_t sp, enum engine_event *next) {
  struct engine *e = c->e;
  int observed = 0;
  if (!take_return_bp(c, pc, sp, &observed) && !is_entry(c, pc)) {
    /* Another activation's return address: not this one. */
    *next = step(c, pc);
    c->stepping = 0;
    if (*next == ENGINE_SIGTRAP && e->siginfo.si_code != SI_KERNEL)
      *next = engine_run(e, PTRACE_SYSCALL, 0);
    return 1;
  }
  c->stepping = 1;
  if (observed) { /* back where a signal came in: already observed */
    c->have_prev = 1;
    c->prev_pc = pc;
    c->prev_sp = sp;
    *next = step(c, pc);
    return 1;
  }
  c->have_prev = 0;
  return 0;
}

/* Stepping left instrumented code: through a call, the return address
 * gets a breakpoint that resumes stepping there. */
static enum engine_event left_instrumented(struct checker *c, uint64_t sp) {
  struct engine *e = c->e;
  c->stepping = 0;
  if (c->have_prev) {
    unsigned ptr = e->main.arch == RR_SOFTTICKS_ARCH_I386 ? 4 : 8;
    uint64_t ret = 0;
    if (sp == c->prev_sp - ptr && st_task_read_data(&e->main, sp, &ret, ptr) == 0 &&
        ret > c->prev_pc && ret <= c->prev_pc + MAX_CALL_LENGTH && instrumented_at(c, ret) &&
        add_return_bp(c, ret, sp + ptr, 0) != 0)
      return ENGINE_ERROR;
  }
  c->have_prev = 0;
  return engine_run(e, PTRACE_SYSCALL, 0);
}

/* A SIGTRAP: a breakpoint, a single step done, or the program's own. */
/* An int3 at `addr` that is not one of ours, while ours are planted: the
 * program's own, or a copy of one of ours made by code that copies its own
 * instructions (check's breakpoints are visible to code that reads them).
 * Said once, so that a program that dies of the SIGTRAP is not blamed
 * silently; the SIGTRAP is delivered as it comes. */
static void warn_foreign_int3(struct checker *c, uint64_t addr) {
  if (c->warned_foreign_int3 || c->e->bps.count == 0) return;
  c->warned_foreign_int3 = 1;
  fprintf(stderr,
          "softticks-trace: check: the program ran an int3 at %#llx that is not one of the "
          "tracer's breakpoints; its SIGTRAP goes to the program.  If the program copies, "
          "reads or patches its own code, it may have copied one of check's breakpoints "
          "(README, \"Not seen by check\"); count and stop-at plant none.\n",
          (unsigned long long)addr);
}

static enum engine_event on_sigtrap(struct checker *c) {
  struct engine *e = c->e;
  struct user_regs_struct regs = e->regs;
  uint64_t pc = st_regs_pc(&regs), sp = st_regs_sp(&regs);
  enum engine_event next;
  if (!c->stepping || e->siginfo.si_code == SI_KERNEL) {
    /* An int3: ours at pc - 1, or the program's own. */
    if (!engine_find_bp(e, pc - 1)) {
      warn_foreign_int3(c, pc - 1);
      return engine_run(e, c->stepping ? PTRACE_SINGLESTEP : PTRACE_SYSCALL, SIGTRAP);
    }
    pc -= 1;
    regs.rip = pc;
    if (st_task_set_regs(&e->main, &regs) != 0) return ENGINE_ERROR;
    if (at_breakpoint(c, pc, sp, &next)) return next;
  }
  const struct function_range *f = instrumented_at(c, pc);
  if (!f) return left_instrumented(c, sp);
  if (observe(c, f, &regs) != 0) {
    e->error_code = TRACE_PAGE_LOST;
    snprintf(e->error, sizeof e->error, "cannot read the countdown while checking");
    return ENGINE_ERROR;
  }
  c->prev_pc = pc;
  c->prev_sp = sp;
  c->have_prev = 1;
  return step(c, pc);
}

/* One stop of the program, handled; the next stop. */
static enum engine_event on_stop(struct checker *c, enum engine_event ev) {
  struct engine *e = c->e;
  if (e->code_changed && refresh_functions(c) != 0) return ENGINE_ERROR;
  switch (ev) {
    case ENGINE_CODE_CHANGED: /* stopped in a syscall or after an exec */
      c->stepping = 0;
      return engine_run(e, PTRACE_SYSCALL, 0);
    case ENGINE_TARGET: /* no target is set; keep going */
      return c->stepping ? step(c, st_regs_pc(&e->regs)) : engine_run(e, PTRACE_SYSCALL, 0);
    case ENGINE_SIGTRAP: return on_sigtrap(c);
    case ENGINE_EXITED:
    case ENGINE_ERROR: break;
  }
  return ev;
}

/* Runs the started program to its end under the checker: ENGINE_EXITED,
 * or ENGINE_ERROR with the error in the engine. */
static enum engine_event run_checked(struct checker *c) {
  struct engine *e = c->e;
  enum engine_event ev;
  e->report_code_changes = 1;
  e->on_signal = on_signal;
  e->on_signal_ctx = c;
  if (refresh_functions(c) != 0) return ENGINE_ERROR;
  ev = engine_run(e, PTRACE_SYSCALL, 0);
  while (ev != ENGINE_EXITED && ev != ENGINE_ERROR) ev = on_stop(c, ev);
  return ev;
}

/* The report of a program that ran to its end; the tracer's exit status. */
static int finish_check(const struct checker *c, const struct command_args *a) {
  struct report report;
  FILE *out = report_open(&report, a->output);
  int rc;
  print_report(out, c, a->json);
  report_finish(&report, 1);
  /* Judged at the end: instrumented shared libraries are mapped after the
   * exec, and dlopen'ed ones later still. */
  if (c->steps == 0)
    fprintf(stderr, "softticks-trace: warning: no instrumented code ran: nothing was checked\n");
  rc = exit_status_for_end(c->e);
  if (c->violation_count) {
    fprintf(stderr, "softticks-trace: %" PRIu64 " violation(s) of the guarantee\n",
            c->violation_count);
    rc = TRACE_VIOLATIONS;
  }
  return rc;
}

int cmd_check(const struct command_args *a) {
  struct command_args args = *a;
  struct engine e;
  struct checker c;
  int rc;

  /* The countdown must move at each tick but never trap mid-step. */
  if (!args.period_given) args.engine.period = RR_SOFTTICKS_MAX_ARM;
  if ((rc = start_program(&e, &args)) != 0) return rc;
  memset(&c, 0, sizeof c);
  c.e = &e;
  c.execs_seen = e.execs;
  c.with_untracked = a->untracked;
  if (run_checked(&c) == ENGINE_ERROR) {
    rc = engine_failure(&e); /* kills the program, frees the engine */
  } else {
    rc = finish_check(&c, a);
    engine_free(&e);
  }
  free(c.fns);
  free(c.rets);
  pc_sp_set_free(&c.seen);
  st_address_space_free(&c.as);
  return rc;
}
