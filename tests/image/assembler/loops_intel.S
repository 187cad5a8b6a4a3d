/* sum_intel(n): 1 + 2 + ... + n, written in Intel syntax (and the file
   returns to AT&T at its end, as gas expects of what follows). */
	.intel_syntax noprefix
	.text
	.globl	sum_intel
	.type	sum_intel, @function
sum_intel:
	xor	eax, eax
	test	rdi, rdi
	jle	2f
1:	add	rax, rdi
	sub	rdi, 1
	jnz	1b
2:	ret
	.size	sum_intel, .-sum_intel
	.att_syntax prefix
	.section	.note.GNU-stack,"",@progbits
