/* asm.mc.unwind (../../mc_unwind.sh): two functions with exact unwind
 * information whose loop head's tick must save what it clobbers, so
 * softticks-as moves the stack pointer around the tick.
 *   sum_carry     CFA from the stack pointer: the save's moves need
 *                 .cfi_adjust_cfa_offset
 *   sum_carry_fp  CFA from the frame pointer (%rbp, %ebp, x29): they need
 *                 nothing
 * unsigned long f(const unsigned long *a, unsigned long n), n >= 1: the n
 * words added, each addition's carry into the next (an adc chain), the
 * last carry added at the end.  x86: the carry is live across the head
 * (dec leaves CF alone); aarch64: the sum is kept in x17. */
#if defined(__x86_64__)
	.text
	.globl	sum_carry
	.type	sum_carry, @function
sum_carry:
	.cfi_startproc
	pushq	%rbx
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbx, -16
	xorl	%eax, %eax
	movq	%rsi, %rbx
	clc
.Lhead:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rbx
	jnz	.Lhead
	adcq	$0, %rax
	popq	%rbx
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size	sum_carry, .-sum_carry

	.globl	sum_carry_fp
	.type	sum_carry_fp, @function
sum_carry_fp:
	.cfi_startproc
	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	xorl	%eax, %eax
	clc
.Lhead_fp:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lhead_fp
	adcq	$0, %rax
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size	sum_carry_fp, .-sum_carry_fp
#elif defined(__i386__)
	.text
	.globl	sum_carry
	.type	sum_carry, @function
sum_carry:
	.cfi_startproc
	pushl	%ebx
	.cfi_adjust_cfa_offset 4
	.cfi_offset %ebx, -8
	movl	8(%esp), %edx
	movl	12(%esp), %ebx
	xorl	%eax, %eax
	clc
.Lhead:
	adcl	(%edx), %eax
	leal	4(%edx), %edx
	decl	%ebx
	jnz	.Lhead
	adcl	$0, %eax
	popl	%ebx
	.cfi_adjust_cfa_offset -4
	.cfi_restore %ebx
	ret
	.cfi_endproc
	.size	sum_carry, .-sum_carry

	.globl	sum_carry_fp
	.type	sum_carry_fp, @function
sum_carry_fp:
	.cfi_startproc
	pushl	%ebp
	.cfi_adjust_cfa_offset 4
	.cfi_offset %ebp, -8
	movl	%esp, %ebp
	.cfi_def_cfa_register %ebp
	movl	8(%ebp), %edx
	movl	12(%ebp), %ecx
	xorl	%eax, %eax
	clc
.Lhead_fp:
	adcl	(%edx), %eax
	leal	4(%edx), %edx
	decl	%ecx
	jnz	.Lhead_fp
	adcl	$0, %eax
	popl	%ebp
	.cfi_def_cfa %esp, 4
	.cfi_restore %ebp
	ret
	.cfi_endproc
	.size	sum_carry_fp, .-sum_carry_fp
#elif defined(__aarch64__)
	.text
	.globl	sum_carry
	.type	sum_carry, %function
sum_carry:
	.cfi_startproc
	stp	x29, x30, [sp, #-16]!
	.cfi_adjust_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x17, xzr
	cmn	xzr, xzr
1:
	ldr	x2, [x0], #8
	adcs	x17, x17, x2
	sub	x1, x1, #1
	cbnz	x1, 1b
	adc	x0, x17, xzr
	ldp	x29, x30, [sp], #16
	.cfi_adjust_cfa_offset -16
	.cfi_restore 29
	.cfi_restore 30
	ret
	.cfi_endproc
	.size	sum_carry, .-sum_carry

	.globl	sum_carry_fp
	.type	sum_carry_fp, %function
sum_carry_fp:
	.cfi_startproc
	stp	x29, x30, [sp, #-16]!
	.cfi_adjust_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	.cfi_def_cfa_register 29
	mov	x17, xzr
	cmn	xzr, xzr
1:
	ldr	x2, [x0], #8
	adcs	x17, x17, x2
	sub	x1, x1, #1
	cbnz	x1, 1b
	adc	x0, x17, xzr
	ldp	x29, x30, [sp], #16
	.cfi_def_cfa sp, 0
	.cfi_restore 29
	.cfi_restore 30
	ret
	.cfi_endproc
	.size	sum_carry_fp, .-sum_carry_fp
#endif
	.section .note.GNU-stack,"",%progbits
