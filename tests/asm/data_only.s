# A file with no code: output identical to the input (no tick, no note,
# no initializer).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: cmp %s %t.s
	.section .rodata
	.globl	table
table:
	.quad	1, 2, 3
	.data
counter:
	.long	0
