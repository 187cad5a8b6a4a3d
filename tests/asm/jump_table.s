# A jump table in .rodata: every label it names ticks (an indirect jump
# reaches them), and the indirect jump is reported.
# RUN: %sas --softticks-emit=%t.s --softticks-report %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=REPORT %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# REPORT: jump_table.s:{{[0-9]+}}: softticks-as: indirect jump
# CHECK: {{^}}sw:;testb
# CHECK: {{^}}.L5:;testb
# CHECK: {{^}}.L6:;testb
# CHECK: {{^}}.L7:;testb
# CHECK: {{^}}.Ldefault:{{$}}
# CHECK: {{^}}.L4:{{$}}
# CHECK-NEXT: .quad .L5
	.text
	.globl	sw
	.type	sw, @function
sw:
	cmpq	$2, %rdi
	ja	.Ldefault
	jmp	*.L4(,%rdi,8)
.L5:
	movl	$10, %eax
	ret
.L6:
	movl	$20, %eax
	ret
.L7:
	movl	$30, %eax
	ret
.Ldefault:
	xorl	%eax, %eax
	ret
	.size	sw, .-sw
	.section .rodata
	.align 8
.L4:
	.quad .L5
	.quad .L6
	.quad .L7
