# A label whose address is taken (lea) ticks: a computed jump reaches it
# and may loop through it.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# The indirect jump may also leave the file, so CF (which decq keeps) is
# live at both ticks and saved (liveness.c).
# CHECK: {{^}}k:;lea -128(%rsp),%rsp;push %rax;lahf;testb
# CHECK: {{^}}.Lagain:;lea -128(%rsp),%rsp;push %rax;lahf;testb
	.text
	.globl	k
	.type	k, @function
k:
	leaq	.Lagain(%rip), %rdx
.Lagain:
	decq	%rdi
	jz	.Ldone
	jmp	*%rdx
.Ldone:
	ret
	.size	k, .-k
