/* One ptrace'd task; see ptrace_task.h. */
#include "ptrace_task.h"

#include "i386_syscalls.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

/* x86-64 code segment selectors of 64-bit and 32-bit user code. */
#define ST_USER32_CS 0x23

/* The options every traced task gets: exec, exit and new-process events,
 * syscall stops told apart, and the program killed with the tracer. */
#define ST_PTRACE_OPTIONS                                                                   \
  (PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT | PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |    \
   PTRACE_O_TRACECLONE | PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL)

int st_spawn(const char *path, char *const argv[], int aslr, struct st_task *task,
             int *errno_out, char *err, size_t errlen) {
  int exec_pipe[2], go_pipe[2], status, child_errno = 0;
  pid_t pid;
  ssize_t got;
  char go = 1;

  *errno_out = 0;
  task->pid = -1;
  task->mem_fd = -1;
  if (pipe2(exec_pipe, O_CLOEXEC) != 0 || pipe2(go_pipe, O_CLOEXEC) != 0) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    return -1;
  }
  pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "fork: %s", strerror(errno));
    close(exec_pipe[0]);
    close(exec_pipe[1]);
    close(go_pipe[0]);
    close(go_pipe[1]);
    return -1;
  }
  if (pid == 0) {
    int e;
    close(exec_pipe[0]);
    close(go_pipe[1]);
    if (!aslr) personality(ADDR_NO_RANDOMIZE);
    /* Wait until the tracer has seized this process. */
    if (read(go_pipe[0], &go, 1) != 1) _exit(126);
    /* execv, not execvp: on ENOEXEC execvp runs the file with /bin/sh,
     * and the shell would be traced instead of the program failing to
     * start (an i386 program on a kernel without IA32 emulation). */
    execv(path, argv);
    e = errno;
    if (write(exec_pipe[1], &e, sizeof e) != (ssize_t)sizeof e) _exit(127);
    _exit(127);
  }
  close(exec_pipe[1]);
  close(go_pipe[0]);
  /* PTRACE_SEIZE, not PTRACE_TRACEME: only a seized task reports its
   * group-stops apart (PTRACE_EVENT_STOP) and can be left stopped in one
   * (PTRACE_LISTEN) until a SIGCONT, as job control expects. */
  if (ptrace(PTRACE_SEIZE, pid, 0, ST_PTRACE_OPTIONS) != 0 || write(go_pipe[1], &go, 1) != 1) {
    snprintf(err, errlen, "PTRACE_SEIZE: %s", strerror(errno));
    close(exec_pipe[0]);
    close(go_pipe[1]);
    kill(pid, SIGKILL);
    waitpid(pid, &status, __WALL);
    return -1;
  }
  close(go_pipe[1]);
  /* Run to the exec; stops on the way (the exit event of a failed exec)
   * get no signal. */
  for (;;) {
    if (waitpid(pid, &status, __WALL) != pid) {
      snprintf(err, errlen, "lost the child before exec");
      close(exec_pipe[0]);
      return -1;
    }
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      got = read(exec_pipe[0], &child_errno, sizeof child_errno);
      close(exec_pipe[0]);
      *errno_out = got == (ssize_t)sizeof child_errno ? child_errno : 0;
      snprintf(err, errlen, "cannot execute %s: %s", path,
               *errno_out ? strerror(*errno_out) : "the child exited before exec");
      return -1;
    }
    if (WIFSTOPPED(status) && status >> 8 == (SIGTRAP | PTRACE_EVENT_EXEC << 8)) break;
    if (ptrace(PTRACE_CONT, pid, 0, 0) != 0) {
      snprintf(err, errlen, "lost the child before exec");
      close(exec_pipe[0]);
      return -1;
    }
  }
  close(exec_pipe[0]);
  task->pid = pid;
  return st_task_attach_image(task);
}

int st_task_attach_image(struct st_task *task) {
  char path[64];
  struct user_regs_struct regs;
  st_task_close(task);
  snprintf(path, sizeof path, "/proc/%d/mem", (int)task->pid);
  task->mem_fd = open(path, O_RDWR | O_CLOEXEC);
  if (task->mem_fd < 0 || st_task_get_regs(task, &regs) != 0) return -1;
  task->arch = st_regs_arch(&regs);
  return 0;
}

void st_task_close(struct st_task *task) {
  if (task->mem_fd >= 0) close(task->mem_fd);
  task->mem_fd = -1;
}

int st_task_get_regs(const struct st_task *task, struct user_regs_struct *regs) {
  return ptrace(PTRACE_GETREGS, task->pid, 0, regs) == 0 ? 0 : -1;
}

int st_task_set_regs(const struct st_task *task, const struct user_regs_struct *regs) {
  return ptrace(PTRACE_SETREGS, task->pid, 0, regs) == 0 ? 0 : -1;
}

enum rr_softticks_arch st_regs_arch(const struct user_regs_struct *regs) {
  return regs->cs == ST_USER32_CS ? RR_SOFTTICKS_ARCH_I386 : RR_SOFTTICKS_ARCH_X86_64;
}

uint64_t st_regs_pc(const struct user_regs_struct *regs) {
  return st_regs_arch(regs) == RR_SOFTTICKS_ARCH_I386 ? (uint32_t)regs->rip : regs->rip;
}

uint64_t st_regs_sp(const struct user_regs_struct *regs) {
  return st_regs_arch(regs) == RR_SOFTTICKS_ARCH_I386 ? (uint32_t)regs->rsp : regs->rsp;
}

int st_regs_zf(const struct user_regs_struct *regs) {
  return (regs->eflags >> 6) & 1;
}

int st_task_read_mem(const struct st_task *task, uint64_t addr, void *buf, size_t len) {
  return task->mem_fd >= 0 && pread(task->mem_fd, buf, len, (off_t)addr) == (ssize_t)len ? 0 : -1;
}

int st_task_write_mem(const struct st_task *task, uint64_t addr, const void *buf, size_t len) {
  return task->mem_fd >= 0 && pwrite(task->mem_fd, buf, len, (off_t)addr) == (ssize_t)len ? 0
                                                                                          : -1;
}

int st_task_read_data(const struct st_task *task, uint64_t addr, void *buf, size_t len) {
  struct iovec local = {buf, len}, remote = {(void *)(uintptr_t)addr, len};
  return process_vm_readv(task->pid, &local, 1, &remote, 1, 0) == (ssize_t)len ? 0 : -1;
}

int st_task_write_data(const struct st_task *task, uint64_t addr, const void *buf, size_t len) {
  struct iovec local = {(void *)buf, len}, remote = {(void *)(uintptr_t)addr, len};
  return process_vm_writev(task->pid, &local, 1, &remote, 1, 0) == (ssize_t)len ? 0 : -1;
}

int st_task_resume_and_wait(const struct st_task *task, int request, int sig) {
  int status;
  if (ptrace((enum __ptrace_request)request, task->pid, 0, sig) != 0) return -1;
  if (waitpid(task->pid, &status, __WALL) != task->pid) return -1;
  return status;
}

/* Resumes with PTRACE_SYSCALL until the next syscall stop, delivering the
 * signals whose delivery stops come first (a group-stop is resumed).  The
 * syscall stop's status, or another that ends the wait (an exit event, the
 * task's end), or -1. */
static int resume_to_syscall_stop(const struct st_task *task) {
  int status, sig = 0;
  siginfo_t si;
  for (;;) {
    status = st_task_resume_and_wait(task, PTRACE_SYSCALL, sig);
    if (status < 0 || !WIFSTOPPED(status) || (status >> 16) != 0) return status;
    if (WSTOPSIG(status) == (SIGTRAP | 0x80)) return status;
    /* A signal-delivery stop has siginfo; a group-stop has none. */
    sig = ptrace(PTRACE_GETSIGINFO, task->pid, 0, &si) == 0 ? WSTOPSIG(status) : 0;
  }
}

int st_task_mmap(const struct st_task *task, const struct st_new_mapping *m, int64_t *result,
                 int *end_status) {
  /* x86-64 `syscall` and i386 `int $0x80`, both 2 bytes. */
  static const unsigned char syscall64[2] = {0x0f, 0x05}, int80[2] = {0xcd, 0x80};
  struct user_regs_struct saved, regs;
  unsigned char code[2];
  int status, i386 = task->arch == RR_SOFTTICKS_ARCH_I386, rc = -1;

  if (st_task_get_regs(task, &saved) != 0) return -1;
  if (st_task_read_mem(task, saved.rip, code, sizeof code) != 0) return -1;
  if (st_task_write_mem(task, saved.rip, i386 ? int80 : syscall64, 2) != 0) return -1;
  regs = saved;
  if (i386) {
    regs.rax = ST_I386_MMAP2;
    regs.rbx = m->addr;
    regs.rcx = m->len;
    regs.rdx = (uint64_t)m->prot;
    regs.rsi = (uint64_t)m->flags;
    regs.rdi = (uint32_t)-1;
    regs.rbp = 0;
  } else {
    regs.rax = SYS_mmap;
    regs.rdi = m->addr;
    regs.rsi = m->len;
    regs.rdx = (uint64_t)m->prot;
    regs.r10 = (uint64_t)m->flags;
    regs.r8 = (uint64_t)-1;
    regs.r9 = 0;
  }
  if (st_task_set_regs(task, &regs) != 0) goto restore;
  /* Syscall entry, then exit; only a signal can come before the entry. */
  status = resume_to_syscall_stop(task);
  if (status >= 0 && !(WIFSTOPPED(status) && WSTOPSIG(status) == (SIGTRAP | 0x80))) {
    *end_status = status;
    rc = 1;
    if (!WIFSTOPPED(status)) return rc; /* gone: nothing to restore */
    goto restore;
  }
  if (status < 0) goto restore;
  status = st_task_resume_and_wait(task, PTRACE_SYSCALL, 0);
  if (status < 0 || !WIFSTOPPED(status) || WSTOPSIG(status) != (SIGTRAP | 0x80)) goto restore;
  if (st_task_get_regs(task, &regs) != 0) goto restore;
  *result = i386 ? (int64_t)(int32_t)(uint32_t)regs.rax : (int64_t)regs.rax;
  rc = 0;
restore:
  if (st_task_write_mem(task, saved.rip, code, sizeof code) != 0) rc = -1;
  if (st_task_set_regs(task, &saved) != 0) rc = -1;
  return rc;
}
