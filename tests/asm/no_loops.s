# Straight-line functions: each entry ticks and nothing else.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}a1:;testb
# CHECK-NEXT: leaq
# CHECK: {{^}}a2:;testb
# CHECK-NOT: testb
	.text
	.globl	a1
	.type	a1, @function
a1:
	leaq	1(%rdi), %rax
	ret
	.size	a1, .-a1
	.globl	a2
	.type	a2, @function
a2:
	call	a1
	addq	$1, %rax
	ret
	.size	a2, .-a2
