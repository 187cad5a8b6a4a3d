# Flag facts from the XED table (asm/x86_insn_table.inc): a write counts
# only when the instruction always makes it.  Each loop head ticks; the
# carry read at the end crosses it unless something in between surely
# writes CF: a shift by %cl may shift by 0 (MAY in XED), `repe cmpsb`
# with %rcx = 0 compares nothing, and inc leaves CF alone, so those
# ticks save CF; a shift by 3 and cmpsb without rep write it, so those
# do not.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK: {{^}}1:;lea -128(%rsp),%rsp;push %rax;lahf;testb
# CHECK: {{^}}2:;testb
# CHECK: {{^}}3:;lea -128(%rsp),%rsp;push %rax;lahf;testb
# CHECK: {{^}}4:;testb
# CHECK: {{^}}5:;lea -128(%rsp),%rsp;push %rax;lahf;testb
	.text
	.globl	f
	.type	f, @function
f:
	clc
1:	shlq	%cl, %rax
	adcq	$0, %rdx
	decq	%rbx
	jnz	1b
	clc
2:	shlq	$3, %rax
	adcq	$0, %rdx
	decq	%rbx
	jnz	2b
	clc
3:	repe cmpsb
	adcq	$0, %rdx
	decq	%rbx
	jnz	3b
	clc
4:	cmpsb
	adcq	$0, %rdx
	decq	%rbx
	jnz	4b
	clc
5:	incq	%rax
	adcq	$0, %rdx
	decq	%rbx
	jnz	5b
	ret
	.size	f, .-f
