# x86: a code label's address in a register (stored as data: used as it
# is), then the register overwritten: written whole without being read
# (XED: `:w` on the destination in every form, x86_insn_table.inc's
# writes_dest; and named 32 or 64 bits wide) by lea, pop, movzbl, popcnt,
# mov ...: later mentions are other values, the file gets its ticks.
# Before, only a mnemonic beginning with "mov" counted as an overwrite (a
# string rule in computed.c) and anything else refused the whole file
# ("a code address is computed from a label here").  The same in Intel
# syntax and for i386.  cmov over it writes it conditionally: the address
# or the other value, both exact (jumped through: not refused).
# The partial section (its own file, since one refusal leaves the whole
# file alone): `movb (%rdx), %al` writes 8 bits, the rest of the address
# stays in %rax, and jumping through it is jumping to a computed address:
# refused (before, "mov" counted it as an overwrite and the file was ticked).
# RUN: sed '/^#--- partial/,/^#--- end partial/d' %s > %t.whole.s
# RUN: %sas --softticks-emit=%t.s --softticks-stats %t.whole.s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: not grep -i warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as %t.s -o %t.o && %tickfree %t.o
# RUN: sed -n '/^#--- i386/,/^#--- end i386/p' %s | sed 's/^#32 //' > %t.i386.s
# RUN: %sas --32 --softticks-emit=%t.i386.out.s --softticks-stats %t.i386.s 2>%t.i386.err
# RUN: FileCheck --check-prefix=STATS %s < %t.i386.err
# RUN: not grep -i warning %t.i386.err
# RUN: grep -v "^[[:space:]]*#" %t.i386.out.s | FileCheck --check-prefix=I386 %s
# RUN: %as --32 %t.i386.out.s -o %t.i386.o
# RUN: sed -n '/^#--- partial/,/^#--- end partial/p' %s > %t.partial.s
# RUN: %sas --softticks-emit=%t.partial.out.s --softticks-stats %t.partial.s 2>%t.partial.err
# RUN: cmp %t.partial.s %t.partial.out.s
# RUN: FileCheck --check-prefix=PARTIAL %s < %t.partial.err
# STATS: refused=0
# CHECK: {{^}}lea_over:;
# CHECK: {{^}}pop_over:;
# CHECK: {{^}}movzx_over:;
# CHECK: {{^}}popcnt_over:;
# CHECK: {{^}}mov_over:;
# CHECK: {{^}}cmov_over:;
# CHECK: {{^}}intel_over:;
# I386: {{^}}lea_over32:;
# I386: {{^}}pop_over32:;
# PARTIAL: warning: a code address is computed from a label here (leaq .Lp(%rip), %rax)
# PARTIAL: refused=1
	.text
	.globl	lea_over
	.type	lea_over, @function
lea_over:
	leaq	.Lc1(%rip), %rax
	movq	%rax, (%rdi)
	leaq	8(%rsi), %rax
	addq	$16, %rax
	ret
.Lc1:
	ret
	.size	lea_over, .-lea_over

	.globl	pop_over
	.type	pop_over, @function
pop_over:
	pushq	%rbx
	leaq	.Lc2(%rip), %rbx
	movq	%rbx, 8(%rdi)
	popq	%rbx
	addq	%rbx, %rsi
	movq	%rsi, %rax
	ret
.Lc2:
	ret
	.size	pop_over, .-pop_over

	.globl	movzx_over
	.type	movzx_over, @function
movzx_over:
	leaq	.Lc3(%rip), %rcx
	movq	%rcx, (%rdi)
	movzbl	(%rdx), %ecx
	addl	$1, %ecx
	movl	%ecx, %eax
	ret
.Lc3:
	ret
	.size	movzx_over, .-movzx_over

	.globl	popcnt_over
	.type	popcnt_over, @function
popcnt_over:
	leaq	.Lc4(%rip), %rax
	movq	%rax, (%rdi)
	popcntq	%rsi, %rax
	shlq	$3, %rax
	ret
.Lc4:
	ret
	.size	popcnt_over, .-popcnt_over

	.globl	mov_over
	.type	mov_over, @function
mov_over:
	leaq	.Lc5(%rip), %rax
	movq	%rax, (%rdi)
	movl	(%rdx), %eax
	addl	$2, %eax
	ret
.Lc5:
	ret
	.size	mov_over, .-mov_over

	.globl	cmov_over
	.type	cmov_over, @function
cmov_over:
	leaq	.Lc6(%rip), %rax
	leaq	.Lc7(%rip), %rdx
	testq	%rdi, %rdi
	cmovzq	%rdx, %rax
	jmp	*%rax
.Lc6:
	ret
.Lc7:
	ret
	.size	cmov_over, .-cmov_over

	.intel_syntax noprefix
	.globl	intel_over
	.type	intel_over, @function
intel_over:
	lea	rax, [rip + .Lc8]
	mov	QWORD PTR [rdi], rax
	lea	rax, [rsi + 8]
	add	rax, 16
	ret
.Lc8:
	ret
	.size	intel_over, .-intel_over
	.att_syntax prefix

#--- i386
#32 	.text
#32 	.globl	lea_over32
#32 	.type	lea_over32, @function
#32 lea_over32:
#32 	call	__x86.get_pc_thunk.cx
#32 	addl	$_GLOBAL_OFFSET_TABLE_, %ecx
#32 	leal	.Ld1@GOTOFF(%ecx), %eax
#32 	movl	4(%esp), %edx
#32 	movl	%eax, (%edx)
#32 	leal	8(%edx), %eax
#32 	addl	$16, %eax
#32 	ret
#32 .Ld1:
#32 	ret
#32 	.size	lea_over32, .-lea_over32
#32 	.globl	pop_over32
#32 	.type	pop_over32, @function
#32 pop_over32:
#32 	pushl	%ebx
#32 	movl	$.Ld2, %ebx
#32 	movl	8(%esp), %edx
#32 	movl	%ebx, (%edx)
#32 	popl	%ebx
#32 	addl	%ebx, %edx
#32 	movl	%edx, %eax
#32 	ret
#32 .Ld2:
#32 	ret
#32 	.size	pop_over32, .-pop_over32
#32 	.section	.text.__x86.get_pc_thunk.cx,"axG",@progbits,__x86.get_pc_thunk.cx,comdat
#32 	.globl	__x86.get_pc_thunk.cx
#32 	.hidden	__x86.get_pc_thunk.cx
#32 	.type	__x86.get_pc_thunk.cx, @function
#32 __x86.get_pc_thunk.cx:
#32 	movl	(%esp), %ecx
#32 	ret
#--- end i386

#--- partial
	.text
	.globl	partial
	.type	partial, @function
partial:
	leaq	.Lp(%rip), %rax
	movq	%rax, (%rdi)
	movb	(%rdx), %al
	jmp	*%rax
.Lp:
	ret
	.size	partial, .-partial
#--- end partial
