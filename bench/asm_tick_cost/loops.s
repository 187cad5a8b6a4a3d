# Three one-instruction loops: flags dead at the head, CF live (adc), OF live too (jo).
	.text
	.globl	loop_plain
	.type	loop_plain, @function
loop_plain:
	movq	%rdi, %rcx
	xorl	%eax, %eax
1:	addq	$1, %rax
	decq	%rcx
	jnz	1b
	ret
	.size	loop_plain, .-loop_plain
	.globl	loop_cf
	.type	loop_cf, @function
loop_cf:
	movq	%rdi, %rcx
	xorl	%eax, %eax
	clc
1:	adcq	$1, %rax
	decq	%rcx
	jnz	1b
	ret
	.size	loop_cf, .-loop_cf
	.globl	loop_of
	.type	loop_of, @function
loop_of:
	movq	%rdi, %rcx
	xorl	%eax, %eax
	addq	$0, %rax
1:	jo	2f
	adcq	$1, %rax
	decq	%rcx
	jnz	1b
2:	ret
	.size	loop_of, .-loop_of
	.section .note.GNU-stack,"",@progbits
