/* The application side of rr's syscall buffer on x86-64, as rr leaves it
 * at run time: a syscall site patched into a jump to a stub, and the stub
 * rr writes (rr's assembly_templates.py, X64SyscallStubExtendedJump): it
 * saves the flags with pushfw, moves the stack, pushes the old stack
 * pointer and the return address and jumps to a hook in the preload
 * library (preload.S).  The instruction after the syscall was moved into
 * the hook, and the code after the site reads the flags the hook leaves:
 * the flags are live from the hook back through its exit jump.  rr writes
 * this code into the tracee, so it is never instrumented: assembled plain. */
#define ENTRY(name) .globl name; .type name, @function; name:

/* STUB name, back, hook: the stub of one patched site.  rr's stub uses
 * absolute addresses in its thread-locals page; this one its own slots. */
.macro STUB name, back, hook
\name:
	movq	%rsp, stub_scratch_1(%rip)
	leaq	saved_flags+2(%rip), %rsp
	pushfw
	movq	stub_scratch_1(%rip), %rsp
	subq	$256, %rsp		/* past the site's red zone */
	pushq	stub_scratch_1(%rip)	/* the site's stack pointer */
	leaq	\back(%rip), %rcx	/* a syscall clobbers %rcx anyway */
	pushq	%rcx			/* where the hook's exit jump goes */
	jmp	\hook
.endm

	.text
/* long site_cmp(long nr): the site `syscall; cmpq $-4095,%rax; jae error`
 * with its cmpq in the hook: 1 when hook(nr) is an error, else 0. */
ENTRY(site_cmp)
	movq	%rdi, %rax
	jmp	stub_cmp		/* was: syscall; cmpq $-4095, %rax */
.Lback_cmp:
	jae	1f			/* the hook's cmpq set CF */
	xorl	%eax, %eax
	ret
1:	movl	$1, %eax
	ret

/* long site_mov(long nr, long a, long b): the site `cmp; syscall; mov
 * %rax,%rdx; setb` whose flags come from before the syscall (the kernel
 * keeps them): 2 * hook(nr) + (a < b unsigned). */
ENTRY(site_mov)
	movq	%rdi, %rax
	cmpq	%rdx, %rsi
	jmp	stub_mov		/* was: syscall; movq %rax, %rdx */
.Lback_mov:
	setb	%cl
	movzbl	%cl, %ecx
	leaq	(%rcx,%rdx,2), %rax
	ret

	STUB stub_cmp, .Lback_cmp, hook_cmp
	STUB stub_mov, .Lback_mov, hook_mov
	.section .note.GNU-stack,"",@progbits
