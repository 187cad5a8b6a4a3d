/* The preload library's side of rr's syscall buffer on x86-64, in the
 * shape of rr's src/preload/syscall_hook.S: hooks entered by a jump from
 * rr's stub (site.S) with the stack moved, a common trampoline that calls
 * the C hook and restores the application's flags with popfw, and the
 * exit jump back to the site, `_syscallbuf_final_exit_instruction`,
 * reached by a jump with the application's flags live.  rr emulates that
 * lone jump when it stops there, so it must stay the symbol's first
 * instruction (no tick).  hook_mov leaves through `exit_via_rcx`, a
 * two-instruction exit: its entry tick must keep the flags.  Assembled
 * through softticks-as. */
#define HOOK_START(name) .globl name; .hidden name; .type name, @function; name:
#define HOOK_END(name, exit)			\
	popq	stub_scratch_1(%rip);		\
	popq	%rsp;				\
	jmp	exit;				\
	.size name, .-name

	.bss
	.globl	stub_scratch_1, saved_flags
	.hidden	stub_scratch_1, saved_flags
	.p2align 3
stub_scratch_1:	.zero 8
saved_flags:	.zero 8

	.text
	.globl	_syscallbuf_final_exit_instruction
	.hidden	_syscallbuf_final_exit_instruction
	.type	_syscallbuf_final_exit_instruction, @function

_syscall_hook_trampoline:
	pushq	%rbx
	pushq	%rdi
	pushq	%rsi
	pushq	%rdx
	movq	%rsp, %rbx
	andq	$-16, %rsp
	movq	%rax, %rdi
	call	syscall_hook		/* the C side: its result in %rax */
	leaq	saved_flags(%rip), %rsp
	popfw				/* the application's flags again */
	movq	%rbx, %rsp
	popq	%rdx
	popq	%rsi
	popq	%rdi
	popq	%rbx
	ret
	.size	_syscall_hook_trampoline, .-_syscall_hook_trampoline

_syscallbuf_final_exit_instruction:
	jmp	*stub_scratch_1(%rip)

	.globl	exit_via_rcx
	.hidden	exit_via_rcx
	.type	exit_via_rcx, @function
exit_via_rcx:
	movq	stub_scratch_1(%rip), %rcx	/* a syscall clobbers %rcx anyway */
	jmp	*%rcx

	.globl	__morestack
	.hidden	__morestack
	.type	__morestack, @function
__morestack:
	call	_syscall_hook_trampoline
	nop
	ret
	.size	__morestack, .-__morestack

HOOK_START(hook_cmp)
	call	__morestack
	cmpq	$-4095, %rax		/* the site's own instruction */
HOOK_END(hook_cmp, _syscallbuf_final_exit_instruction)

HOOK_START(hook_mov)
	call	__morestack
	movq	%rax, %rdx		/* the site's own instruction */
HOOK_END(hook_mov, exit_via_rcx)
	.section .note.GNU-stack,"",@progbits
