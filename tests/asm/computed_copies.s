# A code address copied into five registers, the last one computed with:
# the copies are followed in four registers at most, so the fifth copy
# refuses the file (it was dropped, silently, and the file ticked).
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# CHECK: computed_copies.s:[[#@LINE+5]]: softticks-as: warning: a code address is computed from a label here (leaq .Lt(%rip), %rax)
	.text
	.globl	f
	.type	f, @function
f:
	leaq	.Lt(%rip), %rax
	movq	%rax, %rbx
	movq	%rbx, %rcx
	movq	%rcx, %rdx
	movq	%rdx, %rsi
	addq	$64, %rsi
	jmp	*%rsi
.Lt:
	decq	%rdi
	jnz	.Lt
	ret
	.size	f, .-f
