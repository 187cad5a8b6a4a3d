# aarch64: an instruction written as `.inst` (or `.long`) in the flow is an
# instruction of unknown effect (issue 27): it may read x16 and x17, so a
# tick before it saves them, and a loop head followed by it gets its tick
# (before: "followed by data", the cycle stayed open).  A literal pool
# after a ret stays data.  The words are decoded (binutils' opcode table:
# nop, yield), their registers not: they may read x16 and x17.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-report --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | grep -v "^[[:space:]]*//" | FileCheck %s
# RUN: not grep "without a tick" %t.err
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# CHECK: {{^}}spin:;stp x16, x17, [sp, #-16]!;movz x16
# CHECK: {{^}}1:;stp x16, x17, [sp, #-16]!;movz x16{{.*}};ldp x16, x17, [sp], #16;
# CHECK: {{^}}pool:{{$}}
# CHECK-NEXT: {{^}}	.long	0x11111111{{$}}
	.text
	.globl	spin
	.type	spin, %function
spin:
	.inst	0xd503201f		// nop
1:	.inst	0xd503203f		// yield
	ldr	w1, [x0]
	cbnz	w1, 1b
	adr	x2, pool
	ret
	.size	spin, .-spin
pool:
	.long	0x11111111
