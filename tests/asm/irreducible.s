# An irreducible cycle (two ways in): it ticks once, wherever the
# depth-first walk closes it, and the object has no tick-free cycle.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}h:;testb
# CHECK: testb
	.text
	.globl	h
	.type	h, @function
h:
	testq	%rsi, %rsi
	jne	.Lb
.La:
	decq	%rdi
	jz	.Lout
.Lb:
	decq	%rsi
	jnz	.La
	jmp	.La
.Lout:
	ret
	.size	h, .-h
