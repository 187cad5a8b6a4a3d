# `lea 0(%rip), %r14` takes the address of the next statement (GMP's k8
# mul_basecase and mulmid_basecase: the outer loop comes back there through
# `jmp *%r14`, a cycle the graph does not see): that statement is address
# taken, so it ticks; before, gmp_mul single-stepped found 241 tick-free
# repeats there.
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: not grep warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK-LABEL: {{^}}outer:
# CHECK: leaq 0(%rip), %r14
# CHECK-NEXT: ;{{.*}}testb{{.*}}decq %rdi
# CHECK: leaq (%rip), %r15
# CHECK-NEXT: ;{{.*}}testb{{.*}}decq %rsi
	.text
	.globl	outer
	.type	outer, @function
outer:
	leaq	0(%rip), %r14
	decq	%rdi
	jz	1f
	jmp	*%r14
1:
	leaq	(%rip), %r15
	decq	%rsi
	jz	2f
	jmp	*%r15
2:
	ret
	.size	outer, .-outer
