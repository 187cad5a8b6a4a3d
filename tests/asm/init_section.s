# Code in .init (DT_INIT, as glibc's crti.S writes _init) runs before the
# module's .init_array, so before its initializer: nothing there ticks, not
# even a loop. A function in .text beside it ticks as usual.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# CHECK: {{^}}_init:endbr64
# CHECK-NOT: testb
# CHECK: .section .text
# CHECK: {{^}}plain:;testb
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
	.section .text
	.globl	plain
	.type	plain, @function
plain:
	ret
	.size	plain, .-plain
