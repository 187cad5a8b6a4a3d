/*
 * What the parts of the engine share and the commands do not see:
 *   engine.c            the loop, one handler per kind of stop, tasks
 *   engine_countdown.c  the memory view, arming, counting, completing ticks
 *   engine_image.c      a new image's countdown page, syscalls that touch it
 */
#ifndef SOFTTICKS_TRACE_ENGINE_INTERNAL_H
#define SOFTTICKS_TRACE_ENGINE_INTERNAL_H

#include "engine.h"

/* Sets e->error and e->error_code; returns the code. */
int engine_fail(struct engine *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

uint64_t engine_page_addr(const struct engine *e);

/* Arms the next period (up to the target).  0, or an exit status. */
int engine_arm_next(struct engine *e, const struct st_task *task);
/* Moves what the countdown says into base.  0, or an exit status. */
int engine_harvest(struct engine *e, const struct st_task *task);
/* Before a signal is delivered to a stopped task: counts its ticks and
 * completes a tick it interrupted after the commit (pc moved to the end of
 * the sequence, regs updated).  *at_target: that tick was the target's
 * trap (the task is then left unarmed, as at a trap).  0, or an exit
 * status. */
int engine_complete_for_signal(struct engine *e, const struct st_task *task,
                               struct user_regs_struct *regs, int *at_target);

/* At the main task's PTRACE_EVENT_EXEC stop: the new image's page.  0, or
 * an exit status. */
int engine_setup_new_image(struct engine *e);
/* A syscall-entry or -exit stop of task; *pending is the task's own
 * page-syscall state.  0, or an exit status. */
int engine_on_syscall_stop(struct engine *e, struct st_task *task, int *pending);

#endif
