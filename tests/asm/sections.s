# A loop through two sections (a hot and a cold part): the cycle has a
# cross-section edge and ticks; the object has no tick-free cycle.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}hc:;testb
# CHECK: testb
	.text
	.globl	hc
	.type	hc, @function
hc:
	xorl	%eax, %eax
.Lhot:
	decq	%rdi
	jz	.Lret
	testq	$1, %rdi
	jnz	.Lcold
	incq	%rax
	jmp	.Lhot
.Lret:
	ret
	.section	.text.unlikely,"ax",@progbits
.Lcold:
	addq	$2, %rax
	jmp	.Lhot
	.text
	.size	hc, .-hc
