# marker_label.s on aarch64 (the rule is the graph's, for every target):
# rr's aarch64 do_breakpoint has the same global label in the middle of
# its asm statement.  Run into: no tick between the label and its
# instruction; after a ret: an entry; called: an entry.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# CHECK: {{^}}	csel	x1, x3, x1, eq{{$}}
# CHECK-NEXT: {{^}}	.globl	fault_here{{$}}
# CHECK-NEXT: {{^}}fault_here:{{$}}
# CHECK-NEXT: {{^}}	ldr	x1, [x1]{{$}}
# CHECK: {{^}}after_ret:;
# CHECK: {{^}}called:;
# STATS: entry_ticks=3
	.text
	.globl	f
	.type	f, %function
f:
	ldr	x0, [x0]
	cmp	x0, x2
	csel	x1, x3, x1, eq
	.globl	fault_here
fault_here:
	ldr	x1, [x1]
	ret
	.globl	after_ret
after_ret:
	stp	x29, x30, [sp, #-16]!
	bl	called
	ldp	x29, x30, [sp], #16
	.globl	called
called:
	add	x0, x0, #1
	ret
	.size	f, .-f
