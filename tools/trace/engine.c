/* The tracing loop shared by every command; see engine.h. */
#include "engine.h"

#include <errno.h>
#include <linux/audit.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "address_space.h"
#include "exit_codes.h"
#include "i386_syscalls.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static int fail(struct engine *e, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->error, sizeof e->error, fmt, ap);
  va_end(ap);
  e->error_code = code;
  return code;
}

/* ---- memory view with breakpoints masked -------------------------------- */

static uint64_t page_addr(const struct engine *e) { return rr_softticks_page_addr(e->main.arch); }

static int in_page(const struct engine *e, uint64_t addr, size_t len) {
  uint64_t p = page_addr(e);
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

/* ---- countdown ---------------------------------------------------------- */

/* Arms the next period, up to the target.  The countdown reads 0 or is
 * freshly created when this is called. */
static int arm_next(struct engine *e, const struct st_task *task) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct user_regs_struct regs;
  struct st_stop_regs sr;
  uint64_t w = e->opt.period;
  if (!e->page_ok) return 0;
  if (e->target != ENGINE_NO_TARGET && e->target > e->base && e->target - e->base < w)
    w = e->target - e->base;
  if (st_task_get_regs(task, &regs) != 0)
    return fail(e, TRACE_INTERNAL, "cannot read the registers of task %d", (int)task->pid);
  sr = engine_stop_regs(&regs);
  if (st_arm(e->main.arch, &mem, &sr, w) != 0)
    return fail(e, TRACE_PAGE_LOST,
                "cannot write the countdown at %#llx: the program unmapped or protected "
                "the countdown page",
                (unsigned long long)rr_softticks_countdown_addr(e->main.arch));
  e->armed = w;
  return 0;
}

/* Moves what the countdown says into base.  0, or an exit status. */
static int harvest(struct engine *e, const struct st_task *task) {
  struct engine_memory_ctx ctx;
  struct st_memory mem = engine_memory(&ctx, e, task);
  struct user_regs_struct regs;
  struct st_stop_regs sr;
  uint64_t remaining;
  if (!e->page_ok) return 0;
  if (st_task_get_regs(task, &regs) != 0)
    return fail(e, TRACE_INTERNAL, "cannot read the registers of task %d", (int)task->pid);
  sr = engine_stop_regs(&regs);
  if (st_read_remaining(e->main.arch, &mem, &sr, &remaining) != 0)
    return fail(e, TRACE_PAGE_LOST,
                "cannot read the countdown at %#llx: the program unmapped or protected "
                "the countdown page",
                (unsigned long long)rr_softticks_countdown_addr(e->main.arch));
  if (remaining > e->armed && remaining > RR_SOFTTICKS_MAX_ARM)
    return fail(e, TRACE_NOT_A_TICK_TRAP,
                "the countdown went past 0 without a tick trap (it reads %#llx): the "
                "program ticks with a sequence that does not trap",
                (unsigned long long)remaining);
  if (remaining == 0 && e->armed) {
    /* Only a task between a tick's commit and its trap reads 0 (the trap
     * is next); anywhere else the countdown went to 0 without trapping (on
     * i386 the exhausted countdown also reads 0 and stays disarmed). */
    uint64_t end;
    if (st_complete_sequence(e->main.arch, &mem, &sr, &end) == RR_SOFTTICKS_STOP_KEEP)
      return fail(e, TRACE_NOT_A_TICK_TRAP,
                  "the countdown reached 0 without a tick trap (pc %#llx): the program ticks "
                  "with a sequence that does not trap",
                  (unsigned long long)sr.pc);
  }
  if (remaining > e->armed)
    return fail(e, TRACE_PAGE_LOST,
                "the countdown reads %llu, more than the %llu ticks armed: something other "
                "than ticks wrote it (was the countdown page replaced?)",
                (unsigned long long)remaining, (unsigned long long)e->armed);
  e->base += e->armed - remaining;
  e->armed = remaining;
  return 0;
}

int engine_set_target(struct engine *e, uint64_t target) {
  e->target = target;
  if (!e->page_ok || e->exited) return 0;
  if (harvest(e, &e->main) != 0) return -1;
  if (target != ENGINE_NO_TARGET && target <= e->base)
    return fail(e, TRACE_INTERNAL, "target tick %llu already passed", (unsigned long long)target), -1;
  return arm_next(e, &e->main) != 0 ? -1 : 0;
}

int engine_ticks_now(struct engine *e, uint64_t *ticks) {
  if (harvest(e, e->stopped ? e->stopped : &e->main) != 0) return -1;
  *ticks = e->base;
  return 0;
}

/* After an exec of the main task: at its PTRACE_EVENT_EXEC stop. */
static int setup_new_image(struct engine *e) {
  int64_t result;
  int status;
  char exe[64], path[4096], err[256];
  ssize_t n;
  struct st_elf_module mod;

  e->page_ok = 0;
  e->armed = 0;
  st_breakpoints_clear(&e->bps); /* they went with the old image */
  e->stop_at_syscall_exit = 0;
  if (st_task_attach_image(&e->main) != 0)
    return fail(e, TRACE_INTERNAL, "cannot open the memory of task %d", (int)e->main.pid);
  /* The exec event comes before the execve's syscall-exit stop: run to it,
   * so that registers set now are not overwritten by the return value. */
  status = st_task_resume_and_wait(&e->main, PTRACE_SYSCALL, 0);
  if (status < 0 || !WIFSTOPPED(status) || WSTOPSIG(status) != (SIGTRAP | 0x80))
    return fail(e, TRACE_INTERNAL, "no syscall-exit stop after the exec");
  if (st_task_map_countdown_page(&e->main, &result) != 0)
    return fail(e, TRACE_INTERNAL, "could not run mmap in the new program");
  /* Right after the exec only the new image (and the loader) can be there. */
  if (result == -EEXIST)
    return fail(e, TRACE_PAGE_LOST,
                "cannot create the countdown page at %#llx: the new program's own image "
                "covers it (a non-PIE program with about 2 GB of static data?); ticks would "
                "change its data: build it as PIE or with less static data",
                (unsigned long long)page_addr(e));
  if ((uint64_t)result != page_addr(e))
    return fail(e, TRACE_PAGE_LOST,
                "cannot create the countdown page at %#llx in the new program: %s",
                (unsigned long long)page_addr(e),
                result < 0 ? strerror((int)-result) : "mapped elsewhere");
  e->page_ok = 1;
  {
    struct engine_memory_ctx ctx;
    struct st_memory mem = engine_memory(&ctx, e, &e->main);
    if (st_park(e->main.arch, &mem) != 0)
      return fail(e, TRACE_PAGE_LOST, "cannot write the new countdown page");
  }
  if (arm_next(e, &e->main) != 0) return e->error_code;
  e->code_changed = 1;
  e->execs++;
  /* Warn about an image that was not built for software ticks. */
  snprintf(exe, sizeof exe, "/proc/%d/exe", (int)e->main.pid);
  n = readlink(exe, path, sizeof path - 1);
  if (n > 0) {
    path[n] = 0;
    if (st_elf_module_load(path, &mod, err, sizeof err) == 0) {
      if (!mod.has_note)
        fprintf(stderr,
                "softticks-trace: warning: %s has no %s note: it was not built for software "
                "ticks; it runs, but counts no ticks\n",
                path, RR_SOFTTICKS_NOTE_SECTION);
      else if (mod.abi_version != RR_SOFTTICKS_ABI_VERSION)
        fprintf(stderr, "softticks-trace: warning: %s: software-ticks ABI version %u, expected %d\n",
                path, mod.abi_version, RR_SOFTTICKS_ABI_VERSION);
      st_elf_module_free(&mod);
    }
  }
  return 0;
}

/* ---- syscalls touching the countdown page --------------------------------- */

static int range_hits_page(const struct engine *e, uint64_t addr, uint64_t len) {
  uint64_t p = page_addr(e), end = addr + ((len + 4095) & ~(uint64_t)4095);
  return len && addr < p + RR_SOFTTICKS_MAP_SIZE && end > p;
}

/* At a syscall-entry stop: whether the call, if it succeeds, takes the
 * page away (unmaps, replaces, write-protects or zeroes it); and whether it
 * maps new executable code. */
static const char *page_changing_syscall(struct engine *e, const struct st_task *task,
                                         const struct __ptrace_syscall_info *si,
                                         int *maps_code) {
  const uint64_t *a = si->entry.args;
  uint64_t nr = si->entry.nr;
  int i386 = si->arch == AUDIT_ARCH_I386;
  uint64_t mm[6];
  *maps_code = 0;
  if (i386 && nr == ST_I386_OLD_MMAP) {
    uint32_t words[6];
    int i;
    if (st_task_read_data(task, a[0], words, sizeof words) != 0) return NULL;
    for (i = 0; i < 6; i++) mm[i] = words[i];
    a = mm;
    nr = ST_I386_MMAP2;
  }
  if ((i386 && nr == ST_I386_MMAP2) || (!i386 && nr == SYS_mmap)) {
    *maps_code = (a[2] & PROT_EXEC) != 0;
    if ((a[3] & MAP_FIXED) && !(a[3] & MAP_FIXED_NOREPLACE) && range_hits_page(e, a[0], a[1]))
      return "mmap(MAP_FIXED)";
  } else if ((i386 && nr == ST_I386_MUNMAP) || (!i386 && nr == SYS_munmap)) {
    if (range_hits_page(e, a[0], a[1])) return "munmap";
  } else if ((i386 && nr == ST_I386_MPROTECT) || (!i386 && nr == SYS_mprotect)) {
    *maps_code = (a[2] & PROT_EXEC) != 0;
    if (range_hits_page(e, a[0], a[1]) && (a[2] & (PROT_READ | PROT_WRITE)) != (PROT_READ | PROT_WRITE))
      return "mprotect";
  } else if ((i386 && nr == ST_I386_MREMAP) || (!i386 && nr == SYS_mremap)) {
    if (range_hits_page(e, a[0], a[1])) return "mremap";
    if ((a[3] & MREMAP_FIXED) && range_hits_page(e, a[4], a[2])) return "mremap(MREMAP_FIXED)";
  } else if ((i386 && nr == ST_I386_MADVISE) || (!i386 && nr == SYS_madvise)) {
    if (range_hits_page(e, a[0], a[1]) &&
        (a[2] == MADV_DONTNEED || a[2] == MADV_FREE || a[2] == MADV_REMOVE))
      return "madvise";
  }
  return NULL;
}

static int is_execve(const struct __ptrace_syscall_info *si) {
  if (si->arch == AUDIT_ARCH_I386)
    return si->entry.nr == ST_I386_EXECVE || si->entry.nr == ST_I386_EXECVEAT;
  return si->entry.nr == SYS_execve || si->entry.nr == SYS_execveat;
}

static int on_syscall_stop(struct engine *e, struct st_task *task, int *pending) {
  struct __ptrace_syscall_info si;
  int maps_code;
  const char *name;
  memset(&si, 0, sizeof si); /* (for valgrind, which does not know this request) */
  if (ptrace(PTRACE_GET_SYSCALL_INFO, task->pid, sizeof si, &si) <= 0)
    return fail(e, TRACE_INTERNAL, "PTRACE_GET_SYSCALL_INFO: %s", strerror(errno));
  if (task == &e->main) e->main_in_syscall = si.op == PTRACE_SYSCALL_INFO_ENTRY;
  if (si.op == PTRACE_SYSCALL_INFO_ENTRY) {
    *pending = 0;
    if (is_execve(&si)) return harvest(e, task); /* the image and its countdown go */
    if (!e->page_ok) return 0;
    name = page_changing_syscall(e, task, &si, &maps_code);
    if (name) {
      *pending = 1;
      e->page_syscall_name = name;
    } else if (maps_code) {
      *pending = 2;
    }
  } else if (si.op == PTRACE_SYSCALL_INFO_EXIT) {
    if (*pending == 1 && !si.exit.is_error)
      return fail(e, TRACE_PAGE_LOST,
                  "the program's %s took away the countdown page at %#llx: ticks can no "
                  "longer be counted",
                  e->page_syscall_name, (unsigned long long)page_addr(e));
    if (*pending == 2 && !si.exit.is_error) e->code_changed = 1;
    *pending = 0;
  }
  return 0;
}

/* ---- starting, killing ---------------------------------------------------- */

int engine_start(struct engine *e, const struct engine_options *opt, char *const argv[]) {
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
  if (st_spawn(argv, opt->aslr, &e->main, &exec_errno, err, sizeof err) != 0)
    return fail(e, exec_errno ? TRACE_NO_PROGRAM : TRACE_INTERNAL, "%s", err);
  return setup_new_image(e);
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

#define MAX_EARLY 16
static pid_t early_pids[MAX_EARLY];
static size_t early_count;

/* Waits for a new child's first stop unless the loop already saw it. */
static int wait_new_child(pid_t pid) {
  size_t i;
  int status;
  for (i = 0; i < early_count; i++)
    if (early_pids[i] == pid) {
      early_pids[i] = early_pids[--early_count];
      return 0;
    }
  if (waitpid(pid, &status, __WALL) != pid || !WIFSTOPPED(status)) return -1;
  return 0;
}

/* A fork child has its own copy of the countdown and of our breakpoints:
 * park the one, remove the others, and let it run untraced.  Its ticks are
 * not counted (documented). */
static int release_fork_child(struct engine *e, pid_t pid) {
  struct st_task child = {pid, -1, e->main.arch};
  size_t i;
  if (wait_new_child(pid) != 0) return 0; /* already gone */
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
  return 0;
}

/* ---- the loop --------------------------------------------------------------- */

/* Handles a SIGTRAP that is a tick trap in `task`: 1 when it is one, 0 when
 * not, or an error status < 0 (with e->error set). */
static int on_tick_trap(struct engine *e, struct st_task *task, struct user_regs_struct *regs) {
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
      fail(e, TRACE_NOT_A_TICK_TRAP,
           "a trap (int3 at %#llx) with the countdown at 0, but the code before it is not a "
           "tick sequence",
           (unsigned long long)sr.pc - 1);
      return -1;
    }
    return 0;
  }
  if (st_read_remaining(e->main.arch, &mem, &sr, &remaining) != 0) {
    fail(e, TRACE_PAGE_LOST, "a tick trap, but the countdown page is not readable");
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

static struct st_task *task_of(struct engine *e, pid_t pid) {
  if (pid == e->main.pid) return &e->main;
  if (pid == e->vfork_child.pid) return &e->vfork_child;
  return NULL;
}

enum engine_event engine_run(struct engine *e, int request, int sig) {
  int main_request = request;
  /* The task of the last event: the main task, or a vfork child that hit
   * the target (its parent is not stopped then, it waits in vfork). */
  struct st_task *resumed = e->stopped ? e->stopped : &e->main;
  e->stopped = NULL;
  if (resumed != &e->main) main_request = PTRACE_SYSCALL;
  if (e->armed == 0 && arm_next(e, resumed) != 0) return ENGINE_ERROR;
  if (ptrace((enum __ptrace_request)request, resumed->pid, 0, sig) != 0)
    return fail(e, TRACE_INTERNAL, "ptrace resume: %s", strerror(errno)), ENGINE_ERROR;

  for (;;) {
    int status, resume_sig = 0;
    struct st_task *task;
    pid_t pid = waitpid(-1, &status, __WALL);
    int *pending;
    int req;
    if (pid < 0) {
      if (errno == EINTR) continue;
      return fail(e, TRACE_INTERNAL, "waitpid: %s", strerror(errno)), ENGINE_ERROR;
    }
    task = task_of(e, pid);
    if (!task) {
      /* A new child's first stop, before its parent's fork event. */
      if (WIFSTOPPED(status) && early_count < MAX_EARLY) early_pids[early_count++] = pid;
      continue;
    }
    pending = task == &e->main ? &e->main_in_page_syscall : &e->child_in_page_syscall;
    req = task == &e->main ? main_request : PTRACE_SYSCALL;

    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      if (task == &e->vfork_child) {
        st_task_close(&e->vfork_child);
        e->vfork_child.pid = -1;
        continue;
      }
      e->exited = 1;
      e->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      e->term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
      if (!e->harvested_at_exit && e->page_ok) e->ticks_exact = 0;
      return ENGINE_EXITED;
    }
    if (!WIFSTOPPED(status)) continue;

    if (WSTOPSIG(status) == (SIGTRAP | 0x80)) {
      if (on_syscall_stop(e, task, pending) != 0) return ENGINE_ERROR;
      if (e->stop_at_syscall_exit && task == &e->main && !e->main_in_syscall) {
        e->stop_at_syscall_exit = 0;
        if (st_task_get_regs(task, &e->regs) != 0)
          return fail(e, TRACE_INTERNAL, "cannot read registers"), ENGINE_ERROR;
        memset(&e->siginfo, 0, sizeof e->siginfo);
        e->stopped = task;
        return ENGINE_SIGTRAP;
      }
      if (e->code_changed && e->report_code_changes && task == &e->main) {
        e->stopped = task;
        return ENGINE_CODE_CHANGED;
      }
    } else if (status >> 16) {
      unsigned long msg = 0;
      int event = status >> 16;
      ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg);
      if (event == PTRACE_EVENT_EXEC) {
        if (task == &e->vfork_child) {
          /* A new image of its own: not ours to count. */
          ptrace(PTRACE_DETACH, pid, 0, 0);
          st_task_close(&e->vfork_child);
          e->vfork_child.pid = -1;
          continue;
        }
        if (setup_new_image(e) != 0) return ENGINE_ERROR;
        if (e->report_code_changes) {
          e->stopped = task;
          return ENGINE_CODE_CHANGED;
        }
      } else if (event == PTRACE_EVENT_EXIT) {
        if (task == &e->main) {
          if (harvest(e, task) != 0) return ENGINE_ERROR;
          e->harvested_at_exit = 1;
        }
      } else if (event == PTRACE_EVENT_FORK) {
        release_fork_child(e, (pid_t)msg);
      } else if (event == PTRACE_EVENT_VFORK) {
        if (e->vfork_child.pid > 0 || wait_new_child((pid_t)msg) != 0)
          return fail(e, TRACE_INTERNAL, "cannot follow vfork child %lu", msg), ENGINE_ERROR;
        e->vfork_child.pid = (pid_t)msg;
        e->vfork_child.mem_fd = -1;
        if (st_task_attach_image(&e->vfork_child) != 0)
          return fail(e, TRACE_INTERNAL, "cannot open vfork child %lu", msg), ENGINE_ERROR;
        e->child_in_page_syscall = 0;
        e->vforks++;
        if (ptrace(PTRACE_SYSCALL, e->vfork_child.pid, 0, 0) != 0)
          return fail(e, TRACE_INTERNAL, "cannot resume vfork child"), ENGINE_ERROR;
      } else if (event == PTRACE_EVENT_CLONE) {
        return fail(e, TRACE_THREADS,
                    "the program created a thread (clone, task %lu): threads are not "
                    "supported, the tick count would be wrong",
                    msg),
               ENGINE_ERROR;
      }
    } else if (WSTOPSIG(status) == SIGTRAP) {
      struct user_regs_struct regs;
      siginfo_t si;
      int trap = 0;
      if (st_task_get_regs(task, &regs) != 0)
        return fail(e, TRACE_INTERNAL, "cannot read registers"), ENGINE_ERROR;
      memset(&si, 0, sizeof si);
      ptrace(PTRACE_GETSIGINFO, pid, 0, &si);
      /* A tick trap is an int3 (SI_KERNEL), never a single-step's trap. */
      if (si.si_code == SI_KERNEL) trap = on_tick_trap(e, task, &regs);
      if (trap < 0) return ENGINE_ERROR;
      if (trap == 1) {
        if (e->target != ENGINE_NO_TARGET && e->base == e->target) {
          e->stopped = task;
          e->regs = regs;
          return ENGINE_TARGET;
        }
        if (arm_next(e, task) != 0) return ENGINE_ERROR;
      } else if (task == &e->main) {
        e->stopped = task;
        e->regs = regs;
        e->siginfo = si;
        return ENGINE_SIGTRAP;
      } else if (engine_find_bp(e, st_regs_pc(&regs) - 1)) {
        /* The vfork child ran into one of the main task's breakpoints. */
        regs.rip -= 1;
        if (st_task_set_regs(task, &regs) != 0 || engine_step_over_bp(e, task) < 0)
          return fail(e, TRACE_INTERNAL, "cannot step the vfork child"), ENGINE_ERROR;
      } else {
        resume_sig = SIGTRAP;
      }
    } else {
      siginfo_t si;
      if (ptrace(PTRACE_GETSIGINFO, pid, 0, &si) == 0) {
        resume_sig = WSTOPSIG(status); /* signal-delivery stop: deliver */
        /* It may kill the program: count what ran. */
        if (harvest(e, task) != 0) return ENGINE_ERROR;
        if (task == &e->main && e->on_signal) {
          struct user_regs_struct regs;
          if (st_task_get_regs(task, &regs) == 0) e->on_signal(e->on_signal_ctx, &regs);
        }
      }
      /* else a group-stop: just resume */
    }
    if (ptrace((enum __ptrace_request)req, pid, 0, resume_sig) != 0 && errno != ESRCH)
      return fail(e, TRACE_INTERNAL, "ptrace resume: %s", strerror(errno)), ENGINE_ERROR;
  }
}
