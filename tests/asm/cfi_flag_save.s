# A flag save moves %rsp (lea -128, push): where the CFA is computed from
# %rsp, each move is followed by its .cfi_adjust_cfa_offset, on the same
# line, so that an unwinder stopped in the tick (its int3) finds the
# caller.  CFA from %rbp, outside any .cfi_startproc/.cfi_endproc, or in
# another section's (no) frame: nothing.  .cfi_remember_state and
# .cfi_restore_state are followed; a CFA that is a DWARF expression
# (.cfi_escape 0x0f, as rr's syscall hooks) cannot be adjusted: reported.
# An entry tick goes after the .cfi_startproc that follows its label (inside
# the frame).  The eh_frame then has CFA rsp+8+136 inside the tick.
# RUN: %sas --softticks-report --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=NOTE %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# RUN: readelf --debug-dump=frames-interp %t.o | FileCheck --check-prefix=FRAME %s
# CHECK-LABEL: {{^}}rsp_cfa:{{$}}
# CHECK-NEXT: .cfi_startproc;testb
# CHECK: {{^}}.Lrsp:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push %rax;.cfi_adjust_cfa_offset 8;lahf;testb{{.*}}int3;sahf;pop %rax;.cfi_adjust_cfa_offset -8;lea 128(%rsp),%rsp;.cfi_adjust_cfa_offset -128;{{$}}
# CHECK-LABEL: {{^}}rsp_cfa_of:{{$}}
# CHECK: {{^}}.Lof:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push %rax;.cfi_adjust_cfa_offset 8;lahf;seto %al;testb{{.*}}int3;add $0x7f,%al;sahf;pop %rax;.cfi_adjust_cfa_offset -8;lea 128(%rsp),%rsp;.cfi_adjust_cfa_offset -128;{{$}}
# CHECK-LABEL: {{^}}rbp_cfa:{{$}}
# CHECK: {{^}}.Lrbp:;lea -128(%rsp),%rsp;push %rax;lahf;testb{{.*}}int3;sahf;pop %rax;lea 128(%rsp),%rsp;{{$}}
# CHECK: {{^}}.Lrestored:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# CHECK: {{^}}.Lrsp_again:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# CHECK-LABEL: {{^}}no_cfi:;testb
# CHECK: {{^}}.Lnone:;lea -128(%rsp),%rsp;push %rax;lahf;testb{{.*}}int3;sahf;pop %rax;lea 128(%rsp),%rsp;{{$}}
# CHECK-LABEL: {{^}}cold_part:{{$}}
# CHECK: {{^}}.Lcold:;lea -128(%rsp),%rsp;push %rax;lahf;testb{{.*}}int3;sahf;pop %rax;lea 128(%rsp),%rsp;{{$}}
# CHECK: {{^}}.Lhot:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# CHECK-LABEL: {{^}}expr_cfa:{{$}}
# CHECK: {{^}}.Lexpr:;lea -128(%rsp),%rsp;push %rax;lahf;testb{{.*}}int3;sahf;pop %rax;lea 128(%rsp),%rsp;{{$}}
# CHECK: {{^}}.Ldef_cfa:;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# NOTE: cfi_flag_save.s:[[@LINE+146]]: softticks-as: the flag save moves the stack pointer where the CFA is a DWARF expression
# NOTE-NOT: flag save
# rsp_cfa's frame, instruction by instruction: the entry tick (21 bytes,
# inside the frame), xorl, clc, then lea -128 at 0x18, push at 0x1d, lahf
# at 0x1e ... sahf, pop at 0x35, lea 128 at 0x36, adcq at 0x3e.
# FRAME: FDE cie={{[0-9a-f]+}} pc=0000000000000000..
# FRAME-NEXT: LOC CFA ra
# FRAME-NEXT: 0000000000000000 rsp+8 c-8
# FRAME-NEXT: 000000000000001d rsp+136 c-8
# FRAME-NEXT: 000000000000001e rsp+144 c-8
# FRAME-NEXT: 0000000000000036 rsp+136 c-8
# FRAME-NEXT: 000000000000003e rsp+8 c-8
# FRAME-EMPTY:
	.text
	.globl	rsp_cfa
	.type	rsp_cfa, @function
rsp_cfa:
	.cfi_startproc
	xorl	%eax, %eax
	clc
.Lrsp:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lrsp
	ret
	.cfi_endproc
	.size	rsp_cfa, .-rsp_cfa

	.globl	rsp_cfa_of
	.type	rsp_cfa_of, @function
rsp_cfa_of:
	.cfi_startproc
	addq	%rsi, %rdi
.Lof:
	jo	.Lof_out
	movq	%rdi, %rax
	incq	%rdi
	movq	%rax, %rcx
	shrq	$1, %rcx
	jnz	.Lof
.Lof_out:
	ret
	.cfi_endproc
	.size	rsp_cfa_of, .-rsp_cfa_of

# %rbp frame: the CFA does not move with %rsp.  Then the remembered %rsp
# rule comes back (.cfi_restore_state), and .cfi_def_cfa %rsp sets it.
	.globl	rbp_cfa
	.type	rbp_cfa, @function
rbp_cfa:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	.cfi_remember_state
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	xorl	%eax, %eax
	clc
.Lrbp:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lrbp
	popq	%rbp
	.cfi_restore_state
	xorl	%edx, %edx
	clc
.Lrestored:
	adcq	(%rdi), %rdx
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lrestored
	pushq	%rbp
	movq	%rsp, %rbp
	.cfi_def_cfa %rbp, 24
	.cfi_def_cfa %rsp, 24
	clc
.Lrsp_again:
	adcq	(%rdi), %rdx
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lrsp_again
	popq	%rbp
	popq	%rbp
	ret
	.cfi_endproc
	.size	rbp_cfa, .-rbp_cfa

# No unwind information: nothing to keep.
	.globl	no_cfi
	.type	no_cfi, @function
no_cfi:
	xorl	%eax, %eax
	clc
.Lnone:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lnone
	ret
	.size	no_cfi, .-no_cfi

# gas keeps one frame per section: code pushed into another section inside
# cold_part's frame lies in no frame (it would need a .cfi_startproc of
# its own).
	.globl	cold_part
	.type	cold_part, @function
cold_part:
	.cfi_startproc
	xorl	%eax, %eax
	jmp	.Lhot_entry
	.pushsection .text.unlikely,"ax",@progbits
.Lcold_entry:
	clc
.Lcold:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lcold
	ret
	.popsection
.Lhot_entry:
	testq	%rsi, %rsi
	jz	.Lcold_entry
	clc
.Lhot:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lhot
	ret
	.cfi_endproc
	.size	cold_part, .-cold_part

# CFA = *(%rsp + 8) (DW_CFA_def_cfa_expression: DW_OP_breg7 8, DW_OP_deref):
# a relative adjustment cannot say the move; reported, not written.  Then
# .cfi_def_cfa %rsp, 8 makes it %rsp-based again.
	.globl	expr_cfa
	.type	expr_cfa, @function
expr_cfa:
	.cfi_startproc
	.cfi_escape 0x0f, 0x03, 0x77, 0x08, 0x06
	xorl	%eax, %eax
	clc
.Lexpr:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Lexpr
	.cfi_def_cfa %rsp, 8
	clc
.Ldef_cfa:
	adcq	(%rdi), %rax
	leaq	8(%rdi), %rdi
	decq	%rsi
	jnz	.Ldef_cfa
	ret
	.cfi_endproc
	.size	expr_cfa, .-expr_cfa

# A label right before a .cfi_endproc keeps its tick before it: the tick
# is not moved out of the frame that ends there.
# CHECK-LABEL: {{^}}two_frames:{{$}}
# CHECK: {{^}}second:;testb
	.globl	two_frames
	.type	two_frames, @function
two_frames:
	.cfi_startproc
	xorl	%eax, %eax
	.globl	second
second:
	.cfi_endproc
	.cfi_startproc
	incl	%eax
	ret
	.cfi_endproc
	.size	two_frames, .-two_frames
