# An adc chain carried across the loop head: CF is live there, so that
# tick saves the flags (lahf/sahf through %rax, after stepping over the
# red zone) and OF, dead, is not saved; at the entry clc writes CF first.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}add_n:;testb
# CHECK: {{^}}1:;lea -128(%rsp),%rsp;push %rax;lahf;testb $0x80, 0x70001807;{{.*}};int3;sahf;pop %rax;lea 128(%rsp),%rsp;
	.text
	.globl	add_n
	.type	add_n, @function
add_n:
	clc
1:	movq	(%rsi), %rax
	adcq	(%rdx), %rax
	movq	%rax, (%rdi)
	leaq	8(%rsi), %rsi
	leaq	8(%rdx), %rdx
	leaq	8(%rdi), %rdi
	decq	%rcx
	jnz	1b
	setc	%al
	movzbl	%al, %eax
	ret
	.size	add_n, .-add_n
