# Memory at a constant distance from the instruction itself: `4081(%rip)`,
# no symbol (libffi's static trampolines, unix64.S trampoline_code_table:
# a page of 32-byte trampolines, each reading its data and target from the
# page mapped after it at run time, whose address C computes from the
# table's).  A tick anywhere in that function would move an instruction
# and what it reads, and the trampolines C computes: the function is left
# alone (warned), the rest of the file ticks.  A symbol beside %rip
# (`.Ldata+8(%rip)`, `1f(%rip)`) is not such an address, nor 0 (GMP's k8
# mul_basecase: `lea 0(%rip), %r14`, the next statement, jumped to later).
# RUN: %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %s -o %t.plain.o
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# WARN: warning: memory at a fixed distance from the instruction (movq 4081(%rip), %r10): function tramp_table is not instrumented
# WARN: warning: memory at a fixed distance from the instruction (mov r11, qword ptr [rip + 4073]): function intel_table is not instrumented
# WARN-NOT: warning
# CHECK-LABEL: {{^}}tramp_table:{{$}}
# CHECK-NOT: testb
# CHECK: {{^}}data_ref:;testb
# CHECK: {{^}}.Lloop:;testb
	.text
	.p2align 12
	.globl	tramp_table
	.type	tramp_table, @function
tramp_table:
	.rept	4
	subq	$16, %rsp
	movq	%r10, (%rsp)
	movq	4081(%rip), %r10
	movq	%r10, 8(%rsp)
	movq	4077(%rip), %r10
	jmp	*%r10
	.align	8
	.endr
	.size	tramp_table, .-tramp_table

	.globl	data_ref
	.type	data_ref, @function
data_ref:
	movq	.Ldata+8(%rip), %rax
	leaq	1f(%rip), %rdx
	movq	0x10+.Ldata(%rip), %rcx
	leaq	0(%rip), %r14
	leaq	(%rip), %r15
1:
	xorl	%ecx, %ecx
.Lloop:
	addq	%rax, %rcx
	decq	%rdi
	jnz	.Lloop
	ret
	.size	data_ref, .-data_ref

	.intel_syntax noprefix
	.globl	intel_table
	.type	intel_table, @function
intel_table:
	mov	r11, qword ptr [rip + 4073]
	jmp	r11
	.size	intel_table, .-intel_table
	.att_syntax

	.section .rodata
.Ldata:
	.quad	1, 2, 3
