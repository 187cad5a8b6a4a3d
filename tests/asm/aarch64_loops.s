# aarch64 shapes: a loop closed by cbnz, one by tbz, a jump table of
# byte offsets (adr + ldrb + add, as GCC writes switches: its targets are
# label differences in data, so they tick and gas recomputes the offsets),
# and a call (x16/x17 are dead after it: no save).
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# Up to the switch's br nothing writes x16/x17 and a br may leave the
# file (liveness.c): the ticks before it save them; after the call and on
# the way to ret they are dead.
# CHECK: {{^}}f:;stp x16, x17, [sp, #-16]!;movz
# CHECK: {{^}}.Lc:;stp x16, x17, [sp, #-16]!;movz
# CHECK: {{^}}.Lt:;stp x16, x17, [sp, #-16]!;movz
# CHECK: {{^}}.L3:;movz
# CHECK: {{^}}.L4:;movz
# CHECK-NOT: stp x16
	.text
	.globl	f
	.type	f, %function
f:
	stp	x29, x30, [sp, -16]!
.Lc:
	sub	x0, x0, #1
	cbnz	x0, .Lc
.Lt:
	lsr	x1, x1, 1
	tbz	x1, #0, .Lt
	adrp	x3, .Ltab
	add	x3, x3, :lo12:.Ltab
	ldrb	w4, [x3, w2, uxtw]
	adr	x5, .Lrtx
	add	x4, x5, w4, sxtb #2
	br	x4
.Lrtx:
.L3:
	bl	g
	b	.L9
.L4:
	mov	x0, 1
.L9:
	ldp	x29, x30, [sp], 16
	ret
	.size	f, .-f
	.section .rodata
.Ltab:
	.byte	(.L3 - .Lrtx) / 4
	.byte	(.L4 - .Lrtx) / 4
