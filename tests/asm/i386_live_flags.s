# i386 (as --32): the ABI's 28-byte sequence, and where CF is live the
# save has no red-zone step (the i386 psABI has none).
# RUN: %sas --32 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --32 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --32 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}add32:;testb $0x80, 0x70001807;.byte 0x75, 0x13;subl $1, 0x70001800;.byte 0x75, 0x0a;subl $1, 0x70001804;.byte 0x73, 0x01;int3;
# CHECK: {{^}}1:;push %eax;lahf;testb{{.*}};int3;sahf;pop %eax;
# CHECK-NOT: rsp
	.text
	.globl	add32
	.type	add32, @function
add32:
	movl	4(%esp), %edx
	movl	8(%esp), %ecx
	clc
1:	adcl	(%edx), %eax
	leal	4(%edx), %edx
	decl	%ecx
	jnz	1b
	ret
	.size	add32, .-add32
