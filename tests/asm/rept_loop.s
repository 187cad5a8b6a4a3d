# .rept bodies: a loop inside the body (1: ... jnz 1b) ticks in the body
# text; a body whose jnz 1b reaches the previous copy's label (defined
# after the branch) ticks that label too.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: .rept 3
# CHECK-NEXT: {{^}}1:;testb
# CHECK: .endr
# CHECK: .rept 2
# CHECK-NEXT: decq %rsi
# CHECK-NEXT: jnz 1b
# CHECK-NEXT: {{^}}1:;testb
	.text
	.globl	rp
	.type	rp, @function
rp:
	movq	$4, %rcx
	.rept 3
1:	addq	%rdi, %rax
	decq	%rcx
	jnz	1b
	movq	$4, %rcx
	.endr
	movq	$2, %rsi
1:
	.rept 2
	decq %rsi
	jnz 1b
1:
	.endr
	ret
	.size	rp, .-rp
