# aarch64: the tick uses x16 and x17.  Where x17 is live (a loop that keeps
# a value in it) the tick is wrapped in stp/ldp of both, sp lowered first
# (nothing below sp); at the entry x17 is written before it is read, so no
# save.  The sequence's own label is one no source uses: the source's 1b
# still reaches its own 1: across the tick.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | grep -v "^[[:space:]]*//" | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# CHECK: {{^}}keep17:{{$}}
# CHECK-NEXT: bti c;movz x16, #0x7001, lsl #16;{{.*}}brk #0x5354;5354100: mov x17, xzr;
# CHECK: {{^}}1:;stp x16, x17, [sp, #-16]!;movz x16{{.*}};ldp x16, x17, [sp], #16;
	.text
	.globl	keep17
	.type	keep17, %function
keep17:
	bti	c
	mov	x17, x0
	mov	x0, 0
1:
	add	x0, x0, x17
	subs	x1, x1, #1
	b.ne	1b
	ret
	.size	keep17, .-keep17
