# x86-64: a code label's address passed to a call in %rcx is used as it
# is (a continuation, like a comparator in a file-local label);
# after the call %rcx is undefined (SysV psABI: rax, rcx, rdx, rsi, rdi,
# r8-r11 do not survive it), so `leaq 8(%rbx), %rcx` computes another
# value, not with the address.  Before, the file was refused ("a code
# address is computed from a label here").
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: not grep -i warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# STATS: refused=0
# CHECK: {{^}}by_key:;
# CHECK: {{^}}walk:;
# CHECK: {{^}}.Lloop:;
	.text
by_key:
	movl	(%rdi), %eax
	subl	(%rsi), %eax
	ret
	.globl	walk
	.type	walk, @function
walk:
	pushq	%rbx
	movq	%rdi, %rbx
	leaq	by_key(%rip), %rcx
	movl	$4, %edx
	call	qsort@PLT
.Lloop:
	leaq	8(%rbx), %rcx
	movq	(%rcx), %rax
	movq	%rax, %rbx
	testq	%rax, %rax
	jne	.Lloop
	popq	%rbx
	ret
	.size	walk, .-walk
