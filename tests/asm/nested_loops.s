# Nested loops: both heads tick.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}mat:;testb
# CHECK: {{^}}.Louter:;testb
# CHECK: {{^}}.Linner:;testb
# CHECK-NOT: testb
	.text
	.globl	mat
	.type	mat, @function
mat:
	xorl	%eax, %eax
	movq	%rdi, %rcx
.Louter:
	movq	%rsi, %rdx
.Linner:
	addq	%rdx, %rax
	decq	%rdx
	jnz	.Linner
	decq	%rcx
	jnz	.Louter
	ret
	.size	mat, .-mat
