# OF live at a loop head (a jo after it that nothing before writes): the
# save keeps OF too (seto before the tick, add $0x7f after it).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}.Lhead:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb{{.*}}int3;add $0x7f,%al;sahf;pop %rax;lea 128(%rsp),%rsp;
	.text
	.globl	ovf
	.type	ovf, @function
ovf:
	addq	%rsi, %rdi
.Lhead:
	jo	.Lout
	movq	%rdi, %rax
	incq	%rdi
	movq	%rax, %rcx
	shrq	$1, %rcx
	jnz	.Lhead
.Lout:
	ret
	.size	ovf, .-ovf
