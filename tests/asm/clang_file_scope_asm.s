# clang -fno-integrated-as without the LLVM pass (`clang -fno-integrated-as
# -B build/asm/bin`, issue 27 class 6): clang marks file-scope asm with
# "Start of file scope inline assembly" / "End of ..." comments, not
# #APP/#NO_APP, and its output has no manifest, so the whole file is
# instrumented: the file-scope function's entry and its loop tick, as do
# the compiled function and its asm statement's loop.  (With the pass the
# unit carries ST_ASM_TICKED_MARKER and the pass ticked both itself:
# asm.lit.plugin_output_marker_clang, clang<N>.ir.module_asm_loop.)
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK: {{^}}fs_loop:;testb $0x80, 0x70001807;{{.*}};int3;{{$}}
# CHECK: {{^}}1:;testb $0x80, 0x70001807;{{.*}};int3;{{.}}add $5, %eax
# CHECK: {{^}}main:
# CHECK-NEXT: .cfi_startproc;testb $0x80, 0x70001807;
# CHECK: {{^}}{{.}}1:;testb $0x80, 0x70001807;{{.*}};int3; addl $3,%ebx; decl %eax; jnz 1b
	.text
	.file	"fs.c"
                                        # Start of file scope inline assembly
.text
.globl fs_loop
.type fs_loop,@function
fs_loop:
	mov %edi, %ecx
	xor %eax,%eax
1:	add $5, %eax
	dec %ecx
	jnz 1b
	ret
.size fs_loop, .-fs_loop

                                        # End of file scope inline assembly
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
	.cfi_startproc
# %bb.0:
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movl	$1000, %eax                     # imm = 0x3E8
	xorl	%ebx, %ebx
	#APP
	1: addl $3,%ebx; decl %eax; jnz 1b
	#NO_APP
	movl	$1000, %edi                     # imm = 0x3E8
	callq	fs_loop@PLT
	leaq	.L.str(%rip), %rdi
	movl	%eax, %esi
	movl	%ebx, %edx
	xorl	%eax, %eax
	callq	printf@PLT
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
