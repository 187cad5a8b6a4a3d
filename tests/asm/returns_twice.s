# A call to setjmp ticks after it: the second return starts again there.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: call setjmp@PLT;testb
	.text
	.globl	rt
	.type	rt, @function
rt:
	subq	$8, %rsp
	call	setjmp@PLT
	addq	$8, %rsp
	ret
	.size	rt, .-rt
