/* A loop in hand-written assembly: count_down(n) returns n after n passes.
   Through the image's default assembler it ticks at its entry and at its
   loop head, so a run of count_down(n) counts at least n ticks. */
	.text
	.globl	count_down
	.type	count_down, @function
count_down:
	xorl	%eax, %eax
	testq	%rdi, %rdi
	je	2f
1:	incq	%rax
	decq	%rdi
	jnz	1b
2:	ret
	.size	count_down, .-count_down
	.section	.note.GNU-stack,"",@progbits
