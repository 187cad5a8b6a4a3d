# aarch64: a function's address passed to a call (GCC's qsort comparator,
# `adrp x3, cmp; add x3, x3, :lo12:cmp; bl qsort`) is an address used as
# it is.  After the call x3 is undefined (AAPCS64: x0-x18 do not survive
# it), and `ldr x3, [x1]` writes x3 whole (binutils' table: a load writes
# its Rt): later mentions of x3 are other values.  Before, the file was
# refused ("a code address is computed from a label here") for the
# aarch64 output of GCC -O2 on ordinary C (asm/expansion.c itself).
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: not grep -i warning %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# STATS: refused=0
# CHECK: {{^}}cmp:;movz x16
# CHECK: {{^}}sort_them:;movz x16
# CHECK: {{^}}.Lloop:;movz x16
	.text
	.type	cmp, %function
cmp:
	ldr	w2, [x0]
	ldr	w3, [x1]
	sub	w0, w2, w3
	ret
	.size	cmp, .-cmp
	.globl	sort_them
	.type	sort_them, %function
sort_them:
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	str	x19, [sp, #16]
	mov	x19, x0
	adrp	x3, cmp
	mov	x2, #4
	add	x3, x3, :lo12:cmp
	bl	qsort
	mov	x1, x19
.Lloop:
	ldr	x3, [x1]
	add	x3, x3, #8
	str	x3, [x1], #8
	cbnz	x3, .Lloop
	ldr	x19, [sp, #16]
	ldp	x29, x30, [sp], #32
	ret
	.size	sort_them, .-sort_them
