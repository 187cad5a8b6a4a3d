# A loop closed by a backward conditional branch: the function entry and
# the loop head tick, the forward target does not.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}sum:;testb $0x80, 0x70001807;
# CHECK: {{^}}.L3:;testb $0x80, 0x70001807;
# CHECK-NOT: lahf
# CHECK: {{^}}.L4:{{$}}
# CHECK: .pushsection .note.rrsoftticks
	.text
	.globl	sum
	.type	sum, @function
sum:
	xorl	%eax, %eax
	testq	%rsi, %rsi
	je	.L4
.L3:
	addq	(%rdi), %rax
	addq	$8, %rdi
	decq	%rsi
	jne	.L3
.L4:
	ret
	.size	sum, .-sum
