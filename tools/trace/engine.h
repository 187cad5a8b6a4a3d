/*
 * The tracing loop shared by every command: starts the program, creates and
 * arms the countdown, counts ticks across traps, execs, forks and vforks,
 * watches the countdown page, and returns to the command only on the
 * events it asked for.
 *
 * Tick accounting: `base` ticks are known to have run; the countdown was
 * last armed so that `armed` more ticks reach the trap.  When the task is
 * stopped and reads R remaining, base + armed - R ticks have run.
 */
#ifndef SOFTTICKS_TRACE_ENGINE_H
#define SOFTTICKS_TRACE_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <sys/user.h>

#include "breakpoints.h"
#include "ptrace_task.h"
#include "tick_sequence.h"

#define ENGINE_NO_TARGET UINT64_MAX
/* New children whose first stop can come before their parent's event. */
#define ENGINE_MAX_EARLY 16

/* What the tracer maps in each new image besides the countdown page. */
enum engine_layout {
  ENGINE_LAYOUT_RR,  /* as rr does (default): its page before the countdown
                      * page, its syscall buffer right after it */
  ENGINE_LAYOUT_PAGE /* the countdown page alone */
};

struct engine_options {
  int aslr;
  enum engine_layout layout;
  int json;
  uint64_t period; /* arm at most this many ticks at a time */
};

enum engine_event {
  ENGINE_EXITED,    /* the program's main task is gone */
  ENGINE_TARGET,    /* a tick trap at exactly `target` ticks, or a signal-
                     * delivery stop whose interrupted tick was completed
                     * into that trap (same pc: the end of the sequence);
                     * the signal goes at the next engine_run */
  ENGINE_SIGTRAP,   /* a SIGTRAP of the main task that is not a tick trap */
  ENGINE_CODE_CHANGED, /* with report_code_changes: the main task exec'd or
                        * mapped executable code (stopped at the syscall's
                        * exit or after the exec); resume with PTRACE_SYSCALL */
  ENGINE_ERROR      /* see error_code and error */
};

struct engine {
  struct engine_options opt;
  struct st_task main;
  struct st_task vfork_child; /* pid -1 when none: a vfork parent waits */
  int page_ok;                /* the countdown page of the current image is ours */
  uint64_t base, armed, target;
  uint64_t traps, execs, forks, vforks;
  /* The last program exec'd whose executable has no ABI note (empty if
   * none): if the run counts no tick, exit_status_for_end says so.  Not at
   * the exec: an executable without the note can still run instrumented
   * shared libraries, which are not loaded yet then. */
  char exe_without_note[4096];
  int harvested_at_exit;
  /* Set by the loop: the program mapped new code or exec'd (check mode
   * re-reads its modules). */
  int code_changed;
  int report_code_changes; /* return ENGINE_CODE_CHANGED (set by the command) */
  /* Set by a command that single-steps, to run one system call instruction
   * with PTRACE_SYSCALL (so that the loop sees it) and get the stop after it
   * back as an ENGINE_SIGTRAP with a zero siginfo, like a step. */
  int stop_at_syscall_exit;
  int main_in_syscall; /* between the main task's syscall-entry and -exit stops */
  /* Called at each signal-delivery stop of the main task, before the signal
   * is delivered, with the registers the handler will return to (a tick
   * the signal interrupted already completed); check: to resume stepping
   * there. */
  void (*on_signal)(void *ctx, const struct user_regs_struct *regs);
  void *on_signal_ctx;
  /* Exit. */
  int exited, exit_status, term_signal, ticks_exact;
  /* The task an ENGINE_TARGET / ENGINE_SIGTRAP stop is in, and its regs. */
  struct st_task *stopped;
  struct user_regs_struct regs;
  siginfo_t siginfo; /* of an ENGINE_SIGTRAP stop */
  /* Breakpoints planted by the command, in the main task's image. */
  struct st_breakpoints bps;
  int error_code;
  char error[512];
  /* A signal held back at an ENGINE_TARGET reported at its delivery stop. */
  int pending_sig;
  /* First stops of new children seen before their parent's event. */
  pid_t early_pids[ENGINE_MAX_EARLY];
  size_t early_count;
  /* Pending syscall checks per task (main, vfork child). */
  int main_in_page_syscall, child_in_page_syscall;
  const char *page_syscall_name;
};

/* Starts the file `program` (argv[0] found in PATH) with argv under
 * ptrace, creates the page and arms it.  0, or an exit status of
 * exit_codes.h with e->error set. */
int engine_start(struct engine *e, const struct engine_options *opt, const char *program,
                 char *const argv[]);

/* Resumes the stopped main task (PTRACE_SYSCALL or PTRACE_SINGLESTEP, with
 * a signal to deliver or 0) and runs until the next event for the command.
 * Before any signal reaches the program (its own, or one the command
 * passes on), a tick it interrupted after the commit is completed (the
 * ABI's stop actions), so that its handler ticks from a settled countdown
 * and returns to the end of the sequence. */
enum engine_event engine_run(struct engine *e, int request, int sig);

/* Stops at a tick trap at exactly `target` ticks (ENGINE_NO_TARGET: none),
 * re-arming the stopped main task now.  0, or -1 with e->error set. */
int engine_set_target(struct engine *e, uint64_t target);

/* Ticks run so far; reads the countdown of the stopped main task (harvest).
 * -1 on failure (page lost). */
int engine_ticks_now(struct engine *e, uint64_t *ticks);

/* Kills the program and reaps it. */
void engine_kill(struct engine *e);
void engine_free(struct engine *e);

/* A memory view of a task with the engine's breakpoints masked and the
 * countdown accessed as the task itself would. */
struct engine_memory_ctx {
  struct engine *e;
  const struct st_task *task;
};
struct st_memory engine_memory(struct engine_memory_ctx *ctx, struct engine *e,
                               const struct st_task *task);
struct st_stop_regs engine_stop_regs(const struct user_regs_struct *regs);

/* Breakpoints (int3) in the main task's memory; shared with a vfork child. */
struct st_breakpoint *engine_find_bp(struct engine *e, uint64_t addr);
int engine_add_bp(struct engine *e, uint64_t addr);
int engine_remove_bp(struct engine *e, uint64_t addr);
/* Executes one instruction of the main task at a breakpoint address with
 * the original byte, and puts the int3 back.  Leaves the task stopped;
 * returns the waitpid status, or -1. */
int engine_step_over_bp(struct engine *e, struct st_task *task);

/* Warns on stderr about a module with the note whose functions do not all
 * tick ("partly instrumented: ..."; nothing when they do). */
struct st_elf_module;
void engine_warn_partly_instrumented(const char *path, const struct st_elf_module *mod);

#endif
