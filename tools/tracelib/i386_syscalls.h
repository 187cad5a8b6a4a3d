/*
 * i386 system call numbers the tracer needs.  An x86-64 tracer's
 * <sys/syscall.h> has only the 64-bit numbers, and <asm/unistd_32.h>
 * redefines the same __NR_ names; these are the kernel's fixed i386 ABI
 * (arch/x86/entry/syscalls/syscall_32.tbl).
 */
#ifndef SOFTTICKS_TRACELIB_I386_SYSCALLS_H
#define SOFTTICKS_TRACELIB_I386_SYSCALLS_H

#define ST_I386_EXECVE 11
#define ST_I386_OLD_MMAP 90 /* one argument: a pointer to six 32-bit words */
#define ST_I386_MUNMAP 91
#define ST_I386_MPROTECT 125
#define ST_I386_MREMAP 163
#define ST_I386_MMAP2 192
#define ST_I386_MADVISE 219
#define ST_I386_EXECVEAT 358

#endif
