# --softticks-skip takes any number of names (it kept the first 256 and
# dropped the rest, silently): skipme, the 301st, does not tick.
# RUN: %sas --softticks-emit=%t.s --softticks-skip=$(seq -s, -f 'other%g' 300),skipme %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# CHECK: {{^}}plain:;testb
# CHECK: {{^}}skipme:{{$}}
# CHECK-NEXT: {{^}}1:{{[[:space:]]}}
	.text
	.globl	plain
	.type	plain, @function
plain:
	xorl	%eax, %eax
	ret
	.size	plain, .-plain
	.globl	skipme
	.type	skipme, @function
skipme:
1:	decq	%rdi
	jnz	1b
	ret
	.size	skipme, .-skipme
