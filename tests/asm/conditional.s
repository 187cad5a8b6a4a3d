# Conditional arms are both kept: the backward 1b reaches the 1: of the
# .else arm in the text, but with SLOW defined it is the .if arm's 1:, so
# both tick.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# RUN: %as --64 --defsym SLOW=1 %t.s -o %t.slow.o && %tickfree %t.slow.o
# CHECK: {{^}}1:;testb
# CHECK: .else
# CHECK-NEXT: {{^}}1:;testb
	.text
	.globl	cnd
	.type	cnd, @function
cnd:
	.ifdef SLOW
1:	pause
	.else
1:	nop
	.endif
	decq	%rdi
	jnz	1b
	ret
	.size	cnd, .-cnd
