# A rotated loop entered at its test: the cycle closes through the
# fall-through from the body into the test, so the test ticks.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}g:;testb
# CHECK: {{^}}.Lcond:;testb
# CHECK-NOT: testb
	.text
	.globl	g
	.type	g, @function
g:
	xorl	%eax, %eax
	jmp	.Lcond
.Lbody:
	addq	%rdi, %rax
	decq	%rdi
.Lcond:
	testq	%rdi, %rdi
	jg	.Lbody
	ret
	.size	g, .-g
