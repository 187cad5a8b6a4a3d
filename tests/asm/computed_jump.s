# A code address computed from a label (label + 64 * k, blocks at fixed
# distances): ticks would move the blocks, so the file is left exactly as
# it is, with a warning saying where (even without --softticks-report).
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# CHECK: computed_jump.s:[[#@LINE+6]]: softticks-as: warning: a code address is computed from a label here (leaq .Lblocks(%rip), %r9)
	.text
	.globl	dispatch
	.type	dispatch, @function
dispatch:
	andl	$3, %ecx
	leaq	.Lblocks(%rip), %r9
	shll	$6, %ecx
	addq	%r9, %rcx
	jmp	*%rcx
	.p2align 6
.Lblocks:
1:	decq	%rdi
	jnz	1b
	ret
	.p2align 6
2:	decq	%rsi
	jnz	2b
	ret
	.size	dispatch, .-dispatch
