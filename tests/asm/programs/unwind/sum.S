/* asm.mc.unwind (../../mc_unwind.sh): two functions with exact unwind
 * information whose loop head's tick must keep the carry (an adc chain:
 * decq leaves CF alone), so softticks-as saves the flags there and moves
 * %rsp around the tick.
 *   sum_carry     CFA from %rsp (a pushed %rbx): the save's moves need
 *                 .cfi_adjust_cfa_offset
 *   sum_carry_fp  CFA from %rbp: they need nothing
 * uint64_t f(const uint64_t *a, uint64_t n), n >= 1: the n words added,
 * each addition's carry into the next, the last carry added at the end. */
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
	.section .note.GNU-stack,"",@progbits
