/* The engine's countdown: the memory view, arming, counting, and completing
 * ticks a signal interrupts.  See engine.h for the accounting. */
#include <stdarg.h>
#include <stdio.h>
#include <sys/ptrace.h>

#include "engine_internal.h"
#include "exit_codes.h"

int engine_fail(struct engine *e, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->error, sizeof e->error, fmt, ap);
  va_end(ap);
  e->error_code = code;
  return code;
}

uint64_t engine_page_addr(const struct engine *e) { return rr_softticks_page_addr(e->main.arch); }

/* ---- memory view with breakpoints masked -------------------------------- */

static int in_page(const struct engine *e, uint64_t addr, size_t len) {
  uint64_t p = engine_page_addr(e);
  return addr < p + RR_SOFTTICKS_MAP_SIZE && addr + len > p;
}

/* The countdown page is accessed as the task itself would (so a page the
 * program unmapped or protected fails); code through /proc/PID/mem. */
static int view_read(void *vctx, uint64_t addr, void *buf, size_t len) {
  struct engine_memory_ctx *ctx = vctx;
  if (in_page(ctx->e, addr, len)) return st_task_read_data(ctx->task, addr, buf, len);
  if (st_task_read_mem(ctx->task, addr, buf, len) != 0) return -1;
  st_breakpoints_mask(&ctx->e->bps, addr, buf, len);
  return 0;
}

static int view_write(void *vctx, uint64_t addr, const void *buf, size_t len) {
  struct engine_memory_ctx *ctx = vctx;
  if (in_page(ctx->e, addr, len)) return st_task_write_data(ctx->task, addr, buf, len);
  return st_task_write_mem(ctx->task, addr, buf, len);
}

struct st_memory engine_memory(struct engine_memory_ctx *ctx, struct engine *e,
                               const struct st_task *task) {
  struct st_memory m;
  ctx->e = e;
  ctx->task = task;
  m.read = view_read;
  m.write = view_write;
  m.ctx = ctx;
  return m;
}

struct st_stop_regs engine_stop_regs(const struct user_regs_struct *regs) {
  struct st_stop_regs r;
  r.pc = st_regs_pc(regs);
  r.zf = st_regs_zf(regs);
  r.x17_top_set = 0;
  return r;
}

/* ---- arming and counting --------------------------------------------------- */

static int page_lost_on_write(struct engine *e) {
  return engine_fail(e, TRACE_PAGE_LOST,
                     "cannot write the countdown at %#llx: the program unmapped or protected "
                     "the countdown page",
                     (unsigned long long)rr_softticks_countdown_addr(e->main.arch));
}

/* The countdown reads 0 or is freshly created when this is called. */
int engine_arm_next(struct engine *e, const struct st_task *task) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct user_regs_struct regs;
  struct st_stop_regs sr;
  uint64_t w = e->opt.period;
  if (!e->page_ok) return 0;
  if (e->target != ENGINE_NO_TARGET && e->target > e->base && e->target - e->base < w)
    w = e->target - e->base;
  if (st_task_get_regs(task, &regs) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot read the registers of task %d", (int)task->pid);
  sr = engine_stop_regs(&regs);
  if (st_arm(e->main.arch, &mem, &sr, w) != 0) return page_lost_on_write(e);
  e->armed = w;
  return 0;
}

int engine_harvest(struct engine *e, const struct st_task *task) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct user_regs_struct regs;
  struct st_stop_regs sr;
  uint64_t remaining;
  if (!e->page_ok) return 0;
  if (st_task_get_regs(task, &regs) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot read the registers of task %d", (int)task->pid);
  sr = engine_stop_regs(&regs);
  if (st_read_remaining(e->main.arch, &mem, &sr, &remaining) != 0)
    return engine_fail(e, TRACE_PAGE_LOST,
                       "cannot read the countdown at %#llx: the program unmapped or protected "
                       "the countdown page",
                       (unsigned long long)rr_softticks_countdown_addr(e->main.arch));
  if (remaining > e->armed && remaining > RR_SOFTTICKS_MAX_ARM)
    return engine_fail(e, TRACE_NOT_A_TICK_TRAP,
                       "the countdown went past 0 without a tick trap (it reads %#llx): the "
                       "program ticks with a sequence that does not trap",
                       (unsigned long long)remaining);
  if (remaining == 0 && e->armed) {
    /* Only a task between a tick's commit and its trap reads 0 (the trap
     * is next); anywhere else the countdown went to 0 without trapping (on
     * i386 the exhausted countdown also reads 0 and stays disarmed). */
    uint64_t end;
    if (st_complete_sequence(e->main.arch, &mem, &sr, &end) == RR_SOFTTICKS_STOP_KEEP)
      return engine_fail(e, TRACE_NOT_A_TICK_TRAP,
                         "the countdown reached 0 without a tick trap (pc %#llx): the program "
                         "ticks with a sequence that does not trap",
                         (unsigned long long)sr.pc);
  }
  if (remaining > e->armed)
    return engine_fail(e, TRACE_PAGE_LOST,
                       "the countdown reads %llu, more than the %llu ticks armed: something "
                       "other than ticks wrote it (was the countdown page replaced?)",
                       (unsigned long long)remaining, (unsigned long long)e->armed);
  e->base += e->armed - remaining;
  e->armed = remaining;
  return 0;
}

/* The handler of a signal runs ticks of its own and returns where the
 * signal came in.  A tick interrupted after its commit would, on return,
 * finish with flags (i386: a pending borrow) computed from a countdown the
 * handler has moved on since, and trap or not by chance.  So, as the ABI's
 * stop actions say, the tick is completed now: counted (the harvest
 * includes the commit), its pc moved to the end of the sequence, and the
 * countdown rewritten for the new pc (the skipped borrow no longer
 * applies).  A tick that took the count to 0 is the period's trap. */
int engine_complete_for_signal(struct engine *e, const struct st_task *task,
                               struct user_regs_struct *regs, int *at_target) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct st_stop_regs sr = engine_stop_regs(regs);
  uint64_t end;
  int rc;
  *at_target = 0;
  if (!e->page_ok) return 0;
  if ((rc = engine_harvest(e, task)) != 0) return rc;
  if (st_complete_sequence(e->main.arch, &mem, &sr, &end) == RR_SOFTTICKS_STOP_KEEP) return 0;
  regs->rip = end;
  if (st_task_set_regs(task, regs) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot set the registers of task %d", (int)task->pid);
  if (st_write_remaining(e->main.arch, &mem, e->armed) != 0) return page_lost_on_write(e);
  if (e->armed) return 0;
  e->traps++;
  if (e->target != ENGINE_NO_TARGET && e->base == e->target) {
    *at_target = 1;
    return 0;
  }
  return engine_arm_next(e, task);
}

int engine_set_target(struct engine *e, uint64_t target) {
  e->target = target;
  if (!e->page_ok || e->exited) return 0;
  if (engine_harvest(e, &e->main) != 0) return -1;
  if (target != ENGINE_NO_TARGET && target <= e->base)
    return engine_fail(e, TRACE_INTERNAL, "target tick %llu already passed",
                       (unsigned long long)target),
           -1;
  return engine_arm_next(e, &e->main) != 0 ? -1 : 0;
}

int engine_ticks_now(struct engine *e, uint64_t *ticks) {
  if (engine_harvest(e, e->stopped ? e->stopped : &e->main) != 0) return -1;
  *ticks = e->base;
  return 0;
}
