# aarch64: SVE's condition names (b.any, b.none, b.first, b.last, ...:
# binutils' aarch64_conds, in asm/aarch64_insn_table.inc) are conditional
# branches.  Before, only the base names were known: a loop closed by
# b.any fell through, unseen, and ran without a tick (what GCC writes for
# SVE loops, -march=armv8-a+sve -O3: `whilelo p0.s, x1, x2; b.any .L3`).
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# STATS: cycle_ticks=2 {{.*}} cycles_found=2 cycles_open=0
# CHECK: {{^}}.L3:;movz x16
# CHECK: {{^}}.L5:;movz x16
	.arch	armv8-a+sve
	.text
	.globl	add_all
	.type	add_all, %function
add_all:
	mov	x1, 0
	whilelo	p0.s, xzr, x2
.L3:
	ld1w	z0.s, p0/z, [x0, x1, lsl 2]
	add	z0.s, z0.s, #1
	st1w	z0.s, p0, [x0, x1, lsl 2]
	incw	x1
	whilelo	p0.s, x1, x2
	b.any	.L3
	mov	x1, 0
.L5:
	subs	x2, x2, #1
	b.none	.L5
	ret
	.size	add_all, .-add_all
