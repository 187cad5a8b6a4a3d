/* The initializer's COMDAT group written out by hand, the way a header
 * other than ours (rr's) spells it: .section/.previous instead of
 * .pushsection/.popsection, instructions instead of .byte, its own
 * comments and spacing.  Not derived from include/rr/softticks.h, so the
 * plugins' detection (common/asm_definition.c) reads text that is not
 * theirs.  x86-64 and i386. */
#ifndef HANDINIT_RAW_INIT_H
#define HANDINIT_RAW_INIT_H

#if defined(__x86_64__)
__asm__(
    "  .section .text.__rr_softticks_init, \"axG\", @progbits, __rr_softticks_init, comdat\n"
    "  .globl  __rr_softticks_init\n"
    "  .hidden __rr_softticks_init\n"
    "  .type   __rr_softticks_init, @function\n"
    "  .align  16\n"
    "__rr_softticks_init:  # mmap(page, 4096, RW, PRIVATE|ANONYMOUS|FIXED_NOREPLACE, -1, 0)\n"
    "  endbr64\n"
    "  movl $9, %eax; movl $0x70001000, %edi; movl $4096, %esi; movl $3, %edx\n"
    "  movl $0x100022, %r10d; movq $-1, %r8; xorl %r9d, %r9d\n"
    "  syscall          /* EEXIST under a tracer: nothing to do */\n"
    "  ret\n"
    "  .size __rr_softticks_init, . - __rr_softticks_init\n"
    "  .previous\n"
    "  .section .init_array.00001, \"awG\", @init_array, __rr_softticks_init, comdat\n"
    "  .align 8\n"
    "  .quad __rr_softticks_init\n"
    "  .previous\n"
    "  .section .note.rrsoftticks, \"aG\", @note, __rr_softticks_init, comdat\n"
    "  .align 4\n"
    "  .long 3, 4, 1\n"
    "  .asciz \"rr\"\n"
    "  .align 4\n"
    "  .long 1\n"
    "  .previous\n");
#elif defined(__i386__)
__asm__(
    "  .section .text.__rr_softticks_init, \"axG\", @progbits, __rr_softticks_init, comdat\n"
    "  .globl  __rr_softticks_init\n"
    "  .hidden __rr_softticks_init\n"
    "  .type   __rr_softticks_init, @function\n"
    "  .align  16\n"
    "__rr_softticks_init:  # mmap2(page, 4096, RW, PRIVATE|ANONYMOUS|FIXED_NOREPLACE, -1, 0)\n"
    "  endbr32\n"
    "  pushl %ebx; pushl %esi; pushl %edi; pushl %ebp\n"
    "  movl $192, %eax; movl $0x70001000, %ebx; movl $4096, %ecx; movl $3, %edx\n"
    "  movl $0x100022, %esi; movl $-1, %edi; xorl %ebp, %ebp\n"
    "  int $0x80\n"
    "  cmpl $0x70001000, %eax  /* created it: the countdown starts disarmed */\n"
    "  jne 1f\n"
    "  movl $-1, 0x70001800; movl $-1, 0x70001804\n"
    "1: popl %ebp; popl %edi; popl %esi; popl %ebx\n"
    "  ret\n"
    "  .size __rr_softticks_init, . - __rr_softticks_init\n"
    "  .previous\n"
    "  .section .init_array.00001, \"awG\", @init_array, __rr_softticks_init, comdat\n"
    "  .align 4\n"
    "  .long __rr_softticks_init\n"
    "  .previous\n"
    "  .section .note.rrsoftticks, \"aG\", @note, __rr_softticks_init, comdat\n"
    "  .align 4\n"
    "  .long 3, 4, 1\n"
    "  .asciz \"rr\"\n"
    "  .align 4\n"
    "  .long 1\n"
    "  .previous\n");
#else
#error "raw_init.h: x86-64 and i386 only"
#endif

#endif
