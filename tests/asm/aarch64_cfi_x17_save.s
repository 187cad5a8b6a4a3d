# aarch64: the x16/x17 save lowers sp by 16 (stp ... [sp, #-16]!): where
# the CFA is computed from sp, the stp and the ldp each get their
# .cfi_adjust_cfa_offset; from x29, nothing.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | grep -v "^[[:space:]]*//" | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# CHECK: {{^}}1:;stp x16, x17, [sp, #-16]!;.cfi_adjust_cfa_offset 16;movz x16{{.*}};ldp x16, x17, [sp], #16;.cfi_adjust_cfa_offset -16;{{$}}
# CHECK: {{^}}2:;stp x16, x17, [sp, #-16]!;movz x16{{.*}};ldp x16, x17, [sp], #16;{{$}}
	.text
	.globl	keep17
	.type	keep17, %function
keep17:
	.cfi_startproc
	mov	x17, x0
	mov	x0, 0
1:
	add	x0, x0, x17
	subs	x1, x1, #1
	b.ne	1b
	stp	x29, x30, [sp, #-16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	.cfi_def_cfa_register 29
	mov	x1, 4
2:
	add	x0, x0, x17
	subs	x1, x1, #1
	b.ne	2b
	ldp	x29, x30, [sp], #16
	.cfi_def_cfa sp, 0
	ret
	.cfi_endproc
	.size	keep17, .-keep17
