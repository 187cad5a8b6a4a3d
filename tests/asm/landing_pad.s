# An endbr64 stays the first instruction: the entry tick goes after it.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}lp:{{$}}
# CHECK-NEXT: endbr64;testb
	.text
	.globl	lp
	.type	lp, @function
lp:
	endbr64
	movq	%rdi, %rax
	ret
	.size	lp, .-lp
