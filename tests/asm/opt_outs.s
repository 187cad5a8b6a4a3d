# Never ticked: sections .text.__rr_softticks*, functions named in
# .preinit_array or .init_array at priority 0 or 1, an ifunc resolver (typed
# so, or named by .set IFUNC, RESOLVER as gcc writes it), _start, and a
# function named by --softticks-skip.
# RUN: %sas --softticks-emit=%t.s --softticks-skip=skipme %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# CHECK: {{^}}plain:;testb
# CHECK-NOT: testb
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
	.globl	resolver
	.type	resolver, @gnu_indirect_function
resolver:
2:	decq	%rdi
	jnz	2b
	leaq	plain(%rip), %rax
	ret
	.globl	res2
	.type	res2, @function
res2:
5:	decq	%rdi
	jnz	5b
	ret
	.size	res2, .-res2
	.globl	myifunc
	.type	myifunc, @gnu_indirect_function
	.set	myifunc, res2
	.globl	_start
	.type	_start, @function
_start:
3:	decq	%rdi
	jnz	3b
	hlt
	.section .text.__rr_softticks_mine,"ax",@progbits
	.globl	mine
	.type	mine, @function
mine:
4:	decq	%rdi
	jnz	4b
	ret
	.text
	.type	early_ctor, @function
early_ctor:
6:	decq	%rdi
	jnz	6b
	ret
	.size	early_ctor, .-early_ctor
	.section	.init_array.00001,"aw"
	.quad	early_ctor
	.type	pre, @function
	.text
pre:
7:	decq	%rdi
	jnz	7b
	ret
	.section	.preinit_array,"aw"
	.quad	pre
