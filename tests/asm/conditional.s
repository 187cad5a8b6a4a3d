# Numeric labels in conditional arms.  A decided conditional (.ifdef SLOW,
# from --defsym as gas gets it) keeps only the assembled arm: its 1: ticks.
# An undecided one (a label difference) keeps both arms, and the code
# before it enters each: the backward 1b reaches the .else arm's 1: in the
# text, but gas may assemble the .if arm's, so both cycles tick (the .else
# arm's where it joins the code after the .endif).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck --check-prefixes=CHECK,FAST %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# RUN: %sas --defsym SLOW=1 --softticks-emit=%t.slow.s %s
# RUN: grep -v "^[[:space:]]*#" %t.slow.s | FileCheck --check-prefixes=CHECK,SLOW %s
# RUN: %as --64 --defsym SLOW=1 %t.slow.s -o %t.slow.o && %tickfree %t.slow.o
# FAST: {{^}}1:	pause{{$}}
# FAST: .else
# FAST-NEXT: {{^}}1:;testb
# SLOW: {{^}}1:;testb
# SLOW: .else
# SLOW-NEXT: {{^}}1:	nop{{$}}
# CHECK: {{^}}undecided:;testb
# CHECK: {{^}}1:;testb
# CHECK: .else
# CHECK-NEXT: {{^}}1:	nop{{$}}
# CHECK-NEXT: .endif
# CHECK-NEXT: {{^}}	;testb
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

	.globl	undecided
	.type	undecided, @function
undecided:
.Lmov:
	movl	$10, %ecx
.Lmov_end:
	.if .Lmov_end - .Lmov > 8
1:	pause
	.else
1:	nop
	.endif
	decq	%rdi
	jnz	1b
	ret
	.size	undecided, .-undecided
