/*
 * One ptrace'd task of an x86-64 or i386 program, seen from an x86-64
 * tracer: starting a program under ptrace, registers, memory, and creating
 * the countdown page in the tracee before its own code runs.
 */
#ifndef SOFTTICKS_TRACELIB_PTRACE_TASK_H
#define SOFTTICKS_TRACELIB_PTRACE_TASK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

#include <rr/softticks.h>

struct st_task {
  pid_t pid;
  int mem_fd; /* /proc/PID/mem of the current image; -1 when closed */
  enum rr_softticks_arch arch;
};

/* Forks and execs the file `path` with argv (argv[0] as the user gave it)
 * under ptrace (seized: group-stops come as PTRACE_EVENT_STOP), with ASLR off
 * unless `aslr`.  Returns with the child stopped at
 * its first PTRACE_EVENT_EXEC stop, ptrace options set (exec, exit, fork,
 * vfork, clone events, TRACESYSGOOD, EXITKILL).  -1 with errno_out set to
 * the exec's errno (or 0) and a message in err when the program did not
 * start. */
int st_spawn(const char *path, char *const argv[], int aslr, struct st_task *task,
             int *errno_out, char *err, size_t errlen);

/* (Re)opens /proc/PID/mem and reads the arch from the registers: call after
 * each exec. */
int st_task_attach_image(struct st_task *task);
void st_task_close(struct st_task *task);

int st_task_get_regs(const struct st_task *task, struct user_regs_struct *regs);
int st_task_set_regs(const struct st_task *task, const struct user_regs_struct *regs);
enum rr_softticks_arch st_regs_arch(const struct user_regs_struct *regs);
uint64_t st_regs_pc(const struct user_regs_struct *regs);
uint64_t st_regs_sp(const struct user_regs_struct *regs);
int st_regs_zf(const struct user_regs_struct *regs);

/* Code and data through /proc/PID/mem: ignores page protections (to plant
 * breakpoints). */
int st_task_read_mem(const struct st_task *task, uint64_t addr, void *buf, size_t len);
int st_task_write_mem(const struct st_task *task, uint64_t addr, const void *buf, size_t len);
/* Data through process_vm_readv/writev: fails like the task's own access
 * would (unmapped, unreadable, unwritable page). */
int st_task_read_data(const struct st_task *task, uint64_t addr, void *buf, size_t len);
int st_task_write_data(const struct st_task *task, uint64_t addr, const void *buf, size_t len);

/* Resumes with `request` (PTRACE_SYSCALL, PTRACE_SINGLESTEP, PTRACE_CONT)
 * and waits for this task's next stop; returns the waitpid status, or -1. */
int st_task_resume_and_wait(const struct st_task *task, int request, int sig);

/* One anonymous mapping a tracer makes in a task: what and how. */
struct st_new_mapping {
  uint64_t addr, len;
  int prot, flags; /* flags include MAP_ANONYMOUS; the fd is -1, offset 0 */
};

/* Runs mmap(m->addr, m->len, m->prot, m->flags, -1, 0) in the task, which
 * must be at the syscall-exit stop of its execve (so that nothing of the
 * new image has run), and restores its code and registers.  Stores the
 * syscall's result in *result (the address on success, -errno otherwise)
 * and returns 0.
 * A signal that arrives first (a SIGCHLD of a child that exits as its
 * parent execs, say) is delivered there, as it would be without a tracer
 * at the new image's first return to user space: after an exec every
 * handler is back to its default, so no program code runs.  If its default
 * action ends the program, returns 1 with the task at that stop
 * (*end_status: its waitpid status, a PTRACE_EVENT_EXIT stop or the end)
 * and the mmap not run.  -1 when ptrace failed. */
int st_task_mmap(const struct st_task *task, const struct st_new_mapping *m, int64_t *result,
                 int *end_status);

#endif
