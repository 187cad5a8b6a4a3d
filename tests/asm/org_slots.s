# Code slots of fixed size, asserted by `.org BASE + X * 8` (libffi's x86
# unix64.S and win64.S: "jump tables without an actual table"): the code
# computes BASE + 8k and jumps there.  gas places each slot at its offset
# whatever precedes the table, so the computed address is not refused and
# the rest of the file ticks (the loop below); no tick goes between the
# base and its last .org (a slot would overflow: "attempt to move .org
# backwards"); the base's entry tick goes before the indirect jump instead.
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: not grep warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %s -o %t.plain.o
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %compare %t.plain.o %t.o
# CHECK-LABEL: {{^}}dispatch:
# CHECK: leaq .Lslots(%rip), %r11
# CHECK: leaq (%r11,%rdi,8), %r10
# CHECK-NEXT: testb{{.*}}jmp *%r10
# CHECK-NEXT: .balign 8
# CHECK-NEXT: {{^}}.Lslots:{{$}}
# CHECK-NOT: testb
# CHECK: .org .Lslots + 2 * 8
# CHECK-LABEL: {{^}}numeric:
# CHECK: jmp *%r10
# CHECK-NEXT: .balign 8
# CHECK-NEXT: {{^}}0:{{$}}
# CHECK-NOT: testb
# CHECK: .org 0b + 1 * 8
# CHECK-LABEL: {{^}}count:
# CHECK: {{^}}.Lloop:;testb
	.text
	.globl	dispatch
	.type	dispatch, @function
dispatch:
	leaq	.Lslots(%rip), %r11
	leaq	(%r11,%rdi,8), %r10
	jmp	*%r10
	.balign 8
.Lslots:
	.balign 8; .org .Lslots + 0 * 8
	movl	$1, %eax
	ret
	.balign 8; .org .Lslots + 1 * 8
	movl	$2, %eax
	jmp	.Lshared
	.balign 8; .org .Lslots + 2 * 8
	movl	$3, %eax
.Lshared:
	addl	$1, %eax
	ret
	.size	dispatch, .-dispatch

	.globl	numeric
	.type	numeric, @function
numeric:
	leaq	0f(%rip), %r10
	leaq	(%r10,%rdi,8), %r10
	jmp	*%r10
	.balign 8
0:
	.balign 8; .org 0b + 0 * 8
	xorl	%eax, %eax
	ret
	.balign 8; .org 0b + 1 * 8
	movl	$7, %eax
	ret
	.size	numeric, .-numeric

	.globl	count
	.type	count, @function
count:
	xorl	%eax, %eax
.Lloop:
	addl	$1, %eax
	decq	%rdi
	jnz	.Lloop
	ret
	.size	count, .-count
