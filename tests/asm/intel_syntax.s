# Intel syntax (.intel_syntax noprefix, as gcc -masm=intel writes it):
# operands without %, the destination first, memory as `qword ptr [...]`,
# indirect branches without `*`.  Ticks are AT&T text, so each is wrapped
# in `.att_syntax` and `.intel_syntax noprefix` (the header's
# RR_SOFTTICKS_X86_TO_ATT_SYNTAX / _BACK_TO_INTEL_SYNTAX), on the same line.
# The adc chain keeps CF live across the loop head: that tick saves it;
# `shl rax, cl` (a count that may be 0) does not write CF, `shl rax, 3` does.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}sum:;{{.}}.att_syntax;testb $0x80, 0x70001807;{{.*}};int3;{{.}}.intel_syntax noprefix;{{$}}
# CHECK: {{^}}1:;{{.}}.att_syntax;lea -128(%rsp),%rsp;push %rax;lahf;testb {{.*}};sahf;pop %rax;lea 128(%rsp),%rsp;{{.}}.intel_syntax noprefix;	adc
# CHECK: {{^}}2:;{{.}}.att_syntax;lea -128(%rsp),%rsp;push %rax;lahf;testb {{.*}}.intel_syntax noprefix;	shl	rax, cl
# CHECK: {{^}}3:;{{.}}.att_syntax;testb {{.*}}.intel_syntax noprefix;	shl	rax, 3
	.intel_syntax noprefix
	.text
	.globl	sum
	.type	sum, @function
sum:
	xor	eax, eax
	clc
1:	adc	rax, qword ptr [rsi + 8*rcx]
	dec	rcx
	jnz	1b
	clc
2:	shl	rax, cl
	adc	rdx, 0
	dec	rbx
	jnz	2b
	clc
3:	shl	rax, 3
	adc	rdx, 0
	dec	rbx
	jnz	3b
	jmp	qword ptr [rip + .Lnext]
	.size	sum, .-sum
	.section .rodata
.Lnext:	.quad	sum
