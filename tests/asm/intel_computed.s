# The computed-code-address rule in Intel syntax (operands the other way
# round, registers bare): `lea r9, [rip + .Lblocks]` then arithmetic on
# r9 reaches .Lblocks + 64k, so the file is left as it is with the
# warning; `lea rsi, fn[rip]` passed on as it is (C++ -masm=intel writes
# that for a function's address) is no such computation.
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# RUN: sed -e '/^dispatch:/,/^	.size	dispatch/d' %s > %t.fine.s
# RUN: %sas --softticks-emit=%t.fine.out.s %t.fine.s 2> %t.fine.err
# RUN: FileCheck --check-prefix=FINE --allow-empty %s < %t.fine.err
# RUN: grep -c "int3" %t.fine.out.s | FileCheck --check-prefix=TICKS %s
# CHECK: intel_computed.s:[[#@LINE+9]]: softticks-as: warning: a code address is computed from a label here (lea	r9, [rip + .Lblocks])
# FINE-NOT: warning
# TICKS: {{^}}3{{$}}
	.intel_syntax noprefix
	.text
	.globl	dispatch
	.type	dispatch, @function
dispatch:
	and	ecx, 3
	lea	r9, [rip + .Lblocks]
	shl	ecx, 6
	add	rcx, r9
	jmp	rcx
	.p2align 6
.Lblocks:
1:	dec	rdi
	jnz	1b
	ret
	.size	dispatch, .-dispatch
	.globl	pass
	.type	pass, @function
pass:
	lea	rsi, pass[rip]
	mov	rdi, rsi
2:	dec	rcx
	jnz	2b
	jmp	callee
	.size	pass, .-pass
	.globl	callee
	.type	callee, @function
callee:
	ret
	.size	callee, .-callee
