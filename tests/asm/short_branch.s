# jrcxz has an 8-bit displacement only: the tick inserted at the loop head
# between it and its target would put the target out of reach (gas:
# "value out of range"), so it is widened (jrcxz A; jmp B; A: jmp T; B:),
# reported, and compares as the same jrcxz.
# RUN: %sas --softticks-emit=%t.s --softticks-report %s 2> %t.err
# RUN: FileCheck --check-prefix=REPORT %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o | FileCheck --check-prefix=CMP %s
# REPORT: short_branch.s:{{[0-9]+}}: softticks-as: short branch widened
# CHECK: jrcxz 53540000f;jmp 53540001f;53540000:jmp .Lout;53540001:
# CMP: 1 short branches widened
	.text
	.globl	sb
	.type	sb, @function
sb:
	jmp	.Ltop
.Lout:
	ret
.Ltop:
	.rept 110
	nop
	.endr
	jrcxz	.Lout
	decq	%rcx
	jmp	.Ltop
	.size	sb, .-sb
