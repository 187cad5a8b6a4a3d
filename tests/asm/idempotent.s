# Its own output carries the manifest note: a second run changes nothing
# (no tick twice, no second set of module parts).
# RUN: %sas --softticks-emit=%t.once.s %s
# RUN: %sas --softticks-emit=%t.twice.s %t.once.s
# RUN: cmp %t.once.s %t.twice.s
# RUN: grep -c '^[^#]*testb' %t.once.s | FileCheck %s
# CHECK: 2
	.text
	.globl	twice
	.type	twice, @function
twice:
1:	decq	%rdi
	jnz	1b
	ret
