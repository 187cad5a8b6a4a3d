/*
 * no_i386 COMMAND [ARG...]: runs COMMAND where i386 programs cannot run,
 * as on a kernel without IA32 emulation: a seccomp filter, inherited by
 * every child, kills any process that makes an i386 system call (the
 * first thing an i386 program's loader does).  x86-64 programs, qemu-i386
 * among them, run unchanged.  The tests use it to check that, with
 * SOFTTICKS_I386_RUN=qemu or none, no check runs an i386 program natively.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct sock_filter filter[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_I386, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog prog = {sizeof filter / sizeof filter[0], filter};
  if (argc < 2) {
    fprintf(stderr, "usage: no_i386 COMMAND [ARG...]\n");
    return 2;
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
    fprintf(stderr, "no_i386: seccomp: %s\n", strerror(errno));
    return 2;
  }
  execvp(argv[1], argv + 1);
  fprintf(stderr, "no_i386: %s: %s\n", argv[1], strerror(errno));
  return 127;
}
