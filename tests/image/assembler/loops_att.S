/* sum_att(n): 1 + 2 + ... + n, a backward loop in AT&T syntax. */
	.text
	.globl	sum_att
	.type	sum_att, @function
sum_att:
	xorl	%eax, %eax
	testq	%rdi, %rdi
	jle	2f
1:	addq	%rdi, %rax
	decq	%rdi
	jnz	1b
2:	ret
	.size	sum_att, .-sum_att
	.section	.note.GNU-stack,"",@progbits
