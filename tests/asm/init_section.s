# Code in .init (DT_INIT, as glibc's crti.S writes _init) runs before the
# module's .init_array, so before its initializer: nothing there ticks, not
# even a loop.  Nor in .fini (DT_FINI, crti.S's _fini): crti.o is linked
# into every module, and a tick there would give each one, even one built
# to opt out, the ABI note and initializer.  A function in .text beside
# them ticks as usual.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# CHECK: {{^}}_init:endbr64
# CHECK-NOT: testb
# CHECK: {{^}}_fini:endbr64
# CHECK-NOT: testb
# CHECK: .section .text
# CHECK: {{^}}plain:;testb
# And crti.S's shape alone (only .init and .fini) gets no module parts.
# RUN: %sas --softticks-emit=%t.crti.s %S/Inputs/crti_shape.s
# RUN: not grep -E "testb|__rr_softticks" %t.crti.s
	.section .init,"ax",@progbits
	.p2align 2
	.globl	_init
	.hidden	_init
	.type	_init, @function
_init:endbr64
	subq	$8, %rsp
	movq	$3, %rdi
1:	decq	%rdi
	jnz	1b
	addq	$8, %rsp
	ret
	.section .fini,"ax",@progbits
	.p2align 2
	.globl	_fini
	.hidden	_fini
	.type	_fini, @function
_fini:endbr64
	subq	$8, %rsp
	movq	$3, %rdi
2:	decq	%rdi
	jnz	2b
	addq	$8, %rsp
	ret
	.section .text
	.globl	plain
	.type	plain, @function
plain:
	xorl	%eax, %eax
	ret
	.size	plain, .-plain
