# Code between .pushsection and .popsection is laid out in its own
# section: its loop ticks, and the code after .popsection continues the
# first section (its backward branch to a label before the push ticks).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}ps:;testb
# CHECK: {{^}}.Lp:;testb
# CHECK: {{^}}other:;testb
# CHECK: {{^}}.Lo:;testb
	.text
	.globl	ps
	.type	ps, @function
ps:
	movq	%rdi, %rax
.Lp:
	.pushsection .text.other,"ax",@progbits
	.globl	other
	.type	other, @function
other:
.Lo:
	decq	%rsi
	jnz	.Lo
	ret
	.popsection
	decq	%rax
	jnz	.Lp
	ret
	.size	ps, .-ps
