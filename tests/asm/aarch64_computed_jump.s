# aarch64: a code address computed from a label (adr + add of a scaled
# register, 16-byte blocks): the file is left as it is, with the warning.
# GCC's switch form (a table of label differences, aarch64_loops.s) is not
# refused: gas recomputes its entries.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# CHECK: aarch64_computed_jump.s:[[#@LINE+6]]: softticks-as: warning: a code address is computed from a label here (adr x2, .Lblocks)
	.text
	.globl	dispatch
	.type	dispatch, %function
dispatch:
	and	x1, x1, 3
	adr	x2, .Lblocks
	add	x2, x2, x1, lsl 4
	br	x2
	.p2align 4
.Lblocks:
1:	subs	x0, x0, 1
	b.ne	1b
	ret
	.p2align 4
2:	subs	x0, x0, 2
	b.gt	2b
	ret
