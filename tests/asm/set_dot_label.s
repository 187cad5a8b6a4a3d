# A loop head written as a symbol set to the location counter (`.set
# .Lname, .`, `.equ`, `NAME = .`) is a label at that point: each loop
# here closes on one and must tick there (issue 27, class 1).
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# STATS: cycles_found=3
# CHECK: {{^}}	.set .Lset_head, .;testb
# CHECK: {{^}}	.equ .Lequ_head,.;testb
# CHECK: {{^}}.Lassign_head = .;testb
	.text
	.globl	setdot
	.type	setdot, @function
setdot:
	.set .Lset_head, .
	decq	%rdi
	jnz	.Lset_head
	.equ .Lequ_head,.
	decq	%rsi
	jnz	.Lequ_head
.Lassign_head = .
	decq	%rdx
	jnz	.Lassign_head
	ret
	.size	setdot, .-setdot
