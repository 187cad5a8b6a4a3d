/* The tracing loop shared by every command; see engine.h.  One handler
 * per kind of stop; the countdown is engine_countdown.c's, the images and
 * their page engine_image.c's. */
#include "engine.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kcmp.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine_internal.h"
#include "exit_codes.h"

/* ---- breakpoints --------------------------------------------------------- */

static int raw_read(void *ctx, uint64_t addr, void *buf, size_t len) {
  return st_task_read_mem(ctx, addr, buf, len);
}
static int raw_write(void *ctx, uint64_t addr, const void *buf, size_t len) {
  return st_task_write_mem(ctx, addr, buf, len);
}

static struct st_memory raw_code(const struct st_task *task) {
  struct st_memory m;
  m.read = raw_read;
  m.write = raw_write;
  m.ctx = (void *)task;
  return m;
}

struct st_breakpoint *engine_find_bp(struct engine *e, uint64_t addr) {
  return st_breakpoints_find(&e->bps, addr);
}

int engine_add_bp(struct engine *e, uint64_t addr) {
  struct st_memory raw = raw_code(&e->main);
  return st_breakpoints_add(&e->bps, &raw, addr);
}

int engine_remove_bp(struct engine *e, uint64_t addr) {
  struct st_memory raw = raw_code(&e->main);
  return st_breakpoints_remove(&e->bps, &raw, addr);
}

int engine_step_over_bp(struct engine *e, struct st_task *task) {
  static const unsigned char int3 = ST_INT3;
  struct user_regs_struct regs;
  struct st_breakpoint *bp;
  int status;
  if (st_task_get_regs(task, &regs) != 0) return -1;
  bp = engine_find_bp(e, st_regs_pc(&regs));
  if (!bp) return st_task_resume_and_wait(task, PTRACE_SINGLESTEP, 0);
  if (st_task_write_mem(task, bp->addr, &bp->original, 1) != 0) return -1;
  status = st_task_resume_and_wait(task, PTRACE_SINGLESTEP, 0);
  /* The task may be gone (exit_group in that instruction): ignore then. */
  st_task_write_mem(task, bp->addr, &int3, 1);
  return status;
}

/* ---- starting, killing ---------------------------------------------------- */

int engine_start(struct engine *e, const struct engine_options *opt, const char *program,
                 char *const argv[]) {
  int exec_errno;
  char err[512];
  memset(e, 0, sizeof *e);
  e->opt = *opt;
  e->main.pid = -1;
  e->main.mem_fd = -1;
  e->vfork_child.pid = -1;
  e->vfork_child.mem_fd = -1;
  e->target = ENGINE_NO_TARGET;
  e->ticks_exact = 1;
  if (st_spawn(program, argv, opt->aslr, &e->main, &exec_errno, err, sizeof err) != 0)
    return engine_fail(e, exec_errno ? TRACE_NO_PROGRAM : TRACE_INTERNAL, "%s", err);
  return engine_setup_new_image(e);
}

/* Kills a task and reaps it, with any task of ours (a new thread, say)
 * still around: traced tasks still stop at their exit event
 * (PTRACE_O_TRACEEXIT), and a thread group leader is reported last. */
static void kill_and_reap(pid_t pid) {
  int status;
  pid_t got;
  kill(pid, SIGKILL);
  /* If it sits in a stop we already took (its exit event, say), let it go. */
  ptrace(PTRACE_CONT, pid, 0, 0);
  while ((got = waitpid(-1, &status, __WALL)) > 0) {
    if (got == pid && (WIFEXITED(status) || WIFSIGNALED(status))) break;
    if (WIFSTOPPED(status)) ptrace(PTRACE_CONT, got, 0, 0);
  }
}

void engine_kill(struct engine *e) {
  if (e->vfork_child.pid > 0) {
    kill_and_reap(e->vfork_child.pid);
    e->vfork_child.pid = -1;
  }
  if (e->main.pid > 0 && !e->exited) {
    kill_and_reap(e->main.pid);
    e->exited = 1;
  }
}

void engine_free(struct engine *e) {
  st_task_close(&e->main);
  st_task_close(&e->vfork_child);
  st_breakpoints_free(&e->bps);
}

/* ---- new tasks ------------------------------------------------------------ */

/* Waits for a new child's first stop unless the loop already saw it. */
static int wait_new_child(struct engine *e, pid_t pid) {
  size_t i;
  int status;
  for (i = 0; i < e->early_count; i++)
    if (e->early_pids[i] == pid) {
      e->early_pids[i] = e->early_pids[--e->early_count];
      return 0;
    }
  if (waitpid(pid, &status, __WALL) != pid || !WIFSTOPPED(status)) return -1;
  return 0;
}

/* Whether a new child reported as a fork shares its parent's memory
 * (clone with CLONE_VM but without CLONE_VFORK or CLONE_THREAD): kcmp says
 * so.  Where kcmp is missing (a kernel without CONFIG_CHECKPOINT_RESTORE)
 * the child is taken for the fork it says it is. */
static int shares_memory(pid_t parent, pid_t child) {
  return syscall(SYS_kcmp, parent, child, KCMP_VM, 0, 0) == 0;
}

/* A fork child has its own copy of the countdown and of our breakpoints:
 * park the one, remove the others, and let it run untraced.  Its ticks are
 * not counted (documented). */
static void release_fork_child(struct engine *e, pid_t pid) {
  struct st_task child = {pid, -1, e->main.arch};
  size_t i;
  if (wait_new_child(e, pid) != 0) return; /* already gone */
  if (st_task_attach_image(&child) == 0) {
    if (e->page_ok) {
      struct engine_memory_ctx ctx;
      struct st_memory mem = engine_memory(&ctx, e, &child);
      st_park(e->main.arch, &mem);
    }
    for (i = 0; i < e->bps.count; i++)
      st_task_write_mem(&child, e->bps.items[i].addr, &e->bps.items[i].original, 1);
  }
  st_task_close(&child);
  ptrace(PTRACE_DETACH, pid, 0, 0);
  e->forks++;
}

static int follow_vfork_child(struct engine *e, pid_t pid) {
  if (e->vfork_child.pid > 0 || wait_new_child(e, pid) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot follow vfork child %d", (int)pid);
  e->vfork_child.pid = pid;
  e->vfork_child.mem_fd = -1;
  if (st_task_attach_image(&e->vfork_child) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot open vfork child %d", (int)pid);
  e->child_in_page_syscall = 0;
  e->vforks++;
  if (ptrace(PTRACE_SYSCALL, e->vfork_child.pid, 0, 0) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot resume vfork child");
  return 0;
}

static void forget_vfork_child(struct engine *e) {
  st_task_close(&e->vfork_child);
  e->vfork_child.pid = -1;
}

static struct st_task *task_of(struct engine *e, pid_t pid) {
  if (pid == e->main.pid) return &e->main;
  if (pid == e->vfork_child.pid) return &e->vfork_child;
  return NULL;
}

/* ---- the stops ------------------------------------------------------------- */

/* What a stop handler decided. */
enum verdict {
  RESUME, /* resume the task (with the signal the handler chose) and wait on */
  LISTEN, /* leave the task in its group-stop until a SIGCONT, and wait on */
  WAIT,   /* nothing to resume (the task is gone or was let go): wait on */
  REPORT, /* return `event` to the command, the task stays stopped */
  FAILED  /* return ENGINE_ERROR; e->error is set */
};

static enum verdict report(struct engine *e, struct st_task *task, enum engine_event ev,
                           enum engine_event *event) {
  e->stopped = task;
  *event = ev;
  return REPORT;
}

static enum verdict failed(struct engine *e, int code, const char *what) {
  if (what) engine_fail(e, code, "%s", what);
  return FAILED;
}

/* A signal goes to a stopped task next: count what ran, complete a tick it
 * interrupted, and let the command's hook see where its handler returns.
 * If completing the tick reached the target, report it first: the signal
 * stays pending with the task and goes at the next engine_run. */
static enum verdict before_delivery(struct engine *e, struct st_task *task, int sig,
                                    int call_hook, int *resume_sig, enum engine_event *event) {
  struct user_regs_struct regs;
  int at_target;
  if (st_task_get_regs(task, &regs) != 0)
    return failed(e, TRACE_INTERNAL, "cannot read registers");
  if (engine_complete_for_signal(e, task, &regs, &at_target) != 0) return FAILED;
  if (call_hook && task == &e->main && e->on_signal) e->on_signal(e->on_signal_ctx, &regs);
  if (at_target) {
    e->pending_sig = sig;
    e->regs = regs;
    return report(e, task, ENGINE_TARGET, event);
  }
  *resume_sig = sig;
  return RESUME;
}

/* The task exited or was killed. */
static enum verdict on_task_end(struct engine *e, struct st_task *task, int status,
                                enum engine_event *event) {
  if (task == &e->vfork_child) {
    forget_vfork_child(e);
    return WAIT;
  }
  e->exited = 1;
  e->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  e->term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  if (!e->harvested_at_exit && e->page_ok) e->ticks_exact = 0;
  *event = ENGINE_EXITED;
  return REPORT;
}

/* A syscall-entry or -exit stop. */
static enum verdict on_syscall(struct engine *e, struct st_task *task, enum engine_event *event) {
  int *pending = task == &e->main ? &e->main_in_page_syscall : &e->child_in_page_syscall;
  if (engine_on_syscall_stop(e, task, pending) != 0) return FAILED;
  if (task != &e->main) return RESUME;
  if (e->stop_at_syscall_exit && !e->main_in_syscall) {
    /* The end of a system call instruction a command single-steps: a step. */
    e->stop_at_syscall_exit = 0;
    if (st_task_get_regs(task, &e->regs) != 0)
      return failed(e, TRACE_INTERNAL, "cannot read registers");
    memset(&e->siginfo, 0, sizeof e->siginfo);
    return report(e, task, ENGINE_SIGTRAP, event);
  }
  if (e->code_changed && e->report_code_changes) return report(e, task, ENGINE_CODE_CHANGED, event);
  return RESUME;
}

/* A PTRACE_EVENT_* stop. */
static enum verdict on_ptrace_event(struct engine *e, struct st_task *task, int ptrace_event,
                                    enum engine_event *event) {
  unsigned long msg = 0;
  ptrace(PTRACE_GETEVENTMSG, task->pid, 0, &msg);
  switch (ptrace_event) {
    case PTRACE_EVENT_EXEC:
      if (task == &e->vfork_child) {
        /* A new image of its own: not ours to count. */
        ptrace(PTRACE_DETACH, task->pid, 0, 0);
        forget_vfork_child(e);
        return WAIT;
      }
      if (engine_setup_new_image(e) != 0) return FAILED;
      if (e->report_code_changes) return report(e, task, ENGINE_CODE_CHANGED, event);
      return RESUME;
    case PTRACE_EVENT_EXIT:
      if (task == &e->main) {
        if (engine_harvest(e, task) != 0) return FAILED;
        e->harvested_at_exit = 1;
      }
      return RESUME;
    case PTRACE_EVENT_FORK:
      if (shares_memory(task->pid, (pid_t)msg)) {
        /* Its countdown and our breakpoints are the parent's own: as with
         * a thread, the count would be wrong.  Not the program's fault. */
        kill((pid_t)msg, SIGKILL);
        engine_fail(e, TRACE_THREADS,
                    "the program created a process that shares its memory (clone with "
                    "CLONE_VM, task %lu): like a thread, not supported, the tick count would be "
                    "wrong",
                    msg);
        return FAILED;
      }
      release_fork_child(e, (pid_t)msg);
      return RESUME;
    case PTRACE_EVENT_VFORK:
      return follow_vfork_child(e, (pid_t)msg) != 0 ? FAILED : RESUME;
    case PTRACE_EVENT_CLONE:
      engine_fail(e, TRACE_THREADS,
                  "the program created a thread (clone, task %lu): threads are not "
                  "supported, the tick count would be wrong",
                  msg);
      return FAILED;
  }
  return RESUME;
}

/* Whether a SIGTRAP in `task` is a tick trap: 1 when it is one (counted),
 * 0 when not, -1 on an error (e->error set). */
static int tick_trap(struct engine *e, struct st_task *task, const struct user_regs_struct *regs) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct st_stop_regs sr = engine_stop_regs(regs);
  uint64_t remaining;
  if (!e->page_ok) return 0;
  if (st_is_tick_trap_code(e->main.arch, &mem, sr.pc) != 1) {
    /* An int3 while the countdown reads 0 can only be the trap of the tick
     * that took it there: if the code before it is not a tick sequence, the
     * program ticks in a way the ABI does not know. */
    if (e->armed && st_read_remaining(e->main.arch, &mem, &sr, &remaining) == 0 &&
        remaining == 0) {
      engine_fail(e, TRACE_NOT_A_TICK_TRAP,
                  "a trap (int3 at %#llx) with the countdown at 0, but the code before it is "
                  "not a tick sequence",
                  (unsigned long long)sr.pc - 1);
      return -1;
    }
    return 0;
  }
  if (st_read_remaining(e->main.arch, &mem, &sr, &remaining) != 0) {
    engine_fail(e, TRACE_PAGE_LOST, "a tick trap, but the countdown page is not readable");
    return -1;
  }
  /* The end of a sequence whose jnz skipped the trap (a single-step), or a
   * breakpoint there: not a tick trap. */
  if (remaining != 0) return 0;
  e->base += e->armed;
  e->armed = 0;
  e->traps++;
  return 1;
}

static enum verdict on_stop(struct engine *e, struct st_task *task, int status, int *resume_sig,
                            enum engine_event *event);

/* A SIGTRAP stop: a tick trap (handled here), a breakpoint or step of the
 * command's (reported), or the program's own (delivered). */
static enum verdict on_sigtrap(struct engine *e, struct st_task *task, int *resume_sig,
                               enum engine_event *event) {
  struct user_regs_struct regs;
  siginfo_t si;
  int trap = 0;
  if (st_task_get_regs(task, &regs) != 0) return failed(e, TRACE_INTERNAL, "cannot read registers");
  memset(&si, 0, sizeof si);
  ptrace(PTRACE_GETSIGINFO, task->pid, 0, &si);
  /* A tick trap is an int3 (SI_KERNEL), never a single-step's trap. */
  if (si.si_code == SI_KERNEL) trap = tick_trap(e, task, &regs);
  if (trap < 0) return FAILED;
  if (trap == 1) {
    if (e->target != ENGINE_NO_TARGET && e->base == e->target) {
      e->regs = regs;
      return report(e, task, ENGINE_TARGET, event);
    }
    return engine_arm_next(e, task) != 0 ? FAILED : RESUME;
  }
  if (task == &e->main) {
    e->regs = regs;
    e->siginfo = si;
    return report(e, task, ENGINE_SIGTRAP, event);
  }
  if (engine_find_bp(e, st_regs_pc(&regs) - 1)) {
    /* The vfork child ran into one of the main task's breakpoints. */
    int step;
    regs.rip -= 1;
    if (st_task_set_regs(task, &regs) != 0 || (step = engine_step_over_bp(e, task)) < 0)
      return failed(e, TRACE_INTERNAL, "cannot step the vfork child");
    /* Another stop can come instead of the step's trap: a signal's
     * delivery (the instruction did not run; the child comes back to the
     * breakpoint after it), an exit.  It is the loop's like any other. */
    if (!WIFSTOPPED(step) || WSTOPSIG(step) != SIGTRAP || (step >> 16) != 0)
      return on_stop(e, task, step, resume_sig, event);
    return RESUME;
  }
  return before_delivery(e, task, SIGTRAP, 0, resume_sig, event);
}

/* Any other signal: a signal-delivery stop (the signal goes to the
 * program), or a group-stop (no siginfo; just resume). */
static enum verdict on_signal_stop(struct engine *e, struct st_task *task, int sig,
                                   int *resume_sig, enum engine_event *event) {
  siginfo_t si;
  if (ptrace(PTRACE_GETSIGINFO, task->pid, 0, &si) != 0) return RESUME;
  return before_delivery(e, task, sig, 1, resume_sig, event);
}

/* A PTRACE_EVENT_STOP: a group-stop (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU
 * took effect) stays a stop until a SIGCONT, as without a tracer, so that
 * whoever stopped the program sees it stopped; any other (a new child's
 * first stop, the end of a group-stop) just goes on. */
static enum verdict on_event_stop(int sig) {
  switch (sig) {
    case SIGSTOP:
    case SIGTSTP:
    case SIGTTIN:
    case SIGTTOU: return LISTEN;
    default: return RESUME;
  }
}

static enum verdict on_stop(struct engine *e, struct st_task *task, int status, int *resume_sig,
                            enum engine_event *event) {
  *resume_sig = 0;
  if (WIFEXITED(status) || WIFSIGNALED(status)) return on_task_end(e, task, status, event);
  if (!WIFSTOPPED(status)) return WAIT;
  if (WSTOPSIG(status) == (SIGTRAP | 0x80)) return on_syscall(e, task, event);
  if (status >> 16 == PTRACE_EVENT_STOP) return on_event_stop(WSTOPSIG(status));
  if (status >> 16) return on_ptrace_event(e, task, status >> 16, event);
  if (WSTOPSIG(status) == SIGTRAP) return on_sigtrap(e, task, resume_sig, event);
  return on_signal_stop(e, task, WSTOPSIG(status), resume_sig, event);
}

/* ---- the loop --------------------------------------------------------------- */

enum engine_event engine_run(struct engine *e, int request, int sig) {
  enum engine_event event = ENGINE_ERROR;
  int main_request = request;
  /* The task of the last event: the main task, or a vfork child that hit
   * the target (its parent is not stopped then, it waits in vfork). */
  struct st_task *resumed = e->stopped ? e->stopped : &e->main;
  e->stopped = NULL;
  if (resumed != &e->main) main_request = PTRACE_SYSCALL;
  if (e->pending_sig) {
    /* Held back at the target: it was completed for then. */
    if (!sig) sig = e->pending_sig;
    e->pending_sig = 0;
  } else if (sig) {
    /* A signal the command passes on to the program. */
    switch (before_delivery(e, resumed, sig, 0, &sig, &event)) {
      case REPORT: return event;
      case FAILED: return ENGINE_ERROR;
      default: break;
    }
  }
  if (e->armed == 0 && engine_arm_next(e, resumed) != 0) return ENGINE_ERROR;
  if (ptrace((enum __ptrace_request)request, resumed->pid, 0, sig) != 0)
    return engine_fail(e, TRACE_INTERNAL, "ptrace resume: %s", strerror(errno)), ENGINE_ERROR;

  for (;;) {
    int status, resume_sig;
    struct st_task *task;
    pid_t pid = waitpid(-1, &status, __WALL);
    if (pid < 0) {
      if (errno == EINTR) continue;
      return engine_fail(e, TRACE_INTERNAL, "waitpid: %s", strerror(errno)), ENGINE_ERROR;
    }
    task = task_of(e, pid);
    if (!task) {
      /* A new child's first stop, before its parent's fork event. */
      if (WIFSTOPPED(status) && e->early_count < ENGINE_MAX_EARLY)
        e->early_pids[e->early_count++] = pid;
      continue;
    }
    switch (on_stop(e, task, status, &resume_sig, &event)) {
      case REPORT: return event;
      case FAILED: return ENGINE_ERROR;
      case WAIT: continue;
      case LISTEN:
        if (ptrace(PTRACE_LISTEN, pid, 0, 0) != 0 && errno != ESRCH)
          return engine_fail(e, TRACE_INTERNAL, "ptrace listen: %s", strerror(errno)),
                 ENGINE_ERROR;
        continue;
      case RESUME: break;
    }
    if (ptrace((enum __ptrace_request)(task == &e->main ? main_request : PTRACE_SYSCALL), pid, 0,
               resume_sig) != 0 &&
        errno != ESRCH)
      return engine_fail(e, TRACE_INTERNAL, "ptrace resume: %s", strerror(errno)), ENGINE_ERROR;
  }
}
