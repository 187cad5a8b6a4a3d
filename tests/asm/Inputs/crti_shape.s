# The shape of glibc's sysdeps/x86_64/crti.S: the prologues of _init and
# _fini, nothing else (crtn.S closes them).
	.section .init,"ax",@progbits
	.p2align 2
	.globl	_init
	.hidden	_init
	.type	_init, @function
_init:
	subq	$8, %rsp
	movq	__gmon_start__@GOTPCREL(%rip), %rax
	testq	%rax, %rax
	je	.Lno_weak_fn
	call	*%rax
.Lno_weak_fn:
	.section .fini,"ax",@progbits
	.p2align 2
	.globl	_fini
	.hidden	_fini
	.type	_fini, @function
_fini:
	subq	$8, %rsp
	.weak	__gmon_start__
