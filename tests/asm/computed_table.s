# A jump table of label differences kept in .text (hand-written code does
# this): base + entry is always one of the labels, which gas recomputes,
# so nothing is refused; the labels tick (address taken).
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: not grep warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK: {{^}}.La:;testb
# CHECK: {{^}}.Lb:;testb
	.text
	.globl	tab
	.type	tab, @function
tab:
	leaq	.Ltab(%rip), %rdx
	movslq	(%rdx,%rdi,4), %rax
	addq	%rdx, %rax
	jmp	*%rax
.La:
	decq	%rsi
	jnz	.La
	ret
.Lb:
	movl	$1, %eax
	ret
	.p2align 2
.Ltab:
	.long	.La - .Ltab
	.long	.Lb - .Ltab
