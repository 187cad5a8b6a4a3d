# Unwind rules a relative adjustment cannot fix, around a flag save (it
# moves %rsp by 136).  In the shape of rr's syscall hooks: the CFA is
# *(%rsp + 8) (DW_CFA_def_cfa_expression) and %rip is at *(%rsp)
# (DW_CFA_expression): reported, nothing written.  A CFA from %rsp with
# one register's rule an expression on %rsp: the CFA is adjusted, the
# rule reported.  An expression that does not read %rsp (DW_OP_addr,
# whose address bytes happen to be 0x77, DW_OP_breg7's opcode): adjusted,
# nothing reported.  `.cfi_startproc simple` (no CFA yet): reported.
# RUN: %sas --softticks-report --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=NOTE %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK-LABEL: {{^}}hook_expr:{{$}}
# CHECK: .cfi_escape 0x10, 0x10, 0x02, 0x77, 0x00;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb{{.*}}int3;add $0x7f,%al;sahf;pop %rax;lea 128(%rsp),%rsp;{{$}}
# CHECK-LABEL: {{^}}rule_on_rsp:{{$}}
# CHECK: .cfi_escape 0x10, 0x10, 0x02, 0x77, 0x08;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push %rax;.cfi_adjust_cfa_offset 8;lahf;seto
# CHECK-LABEL: {{^}}rule_on_addr:{{$}}
# CHECK: 0x77, 0x77, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# CHECK-LABEL: {{^}}simple:{{$}}
# CHECK: .cfi_startproc simple;lea -128(%rsp),%rsp;push %rax;
# NOTE: cfi_expression.s:[[@LINE+11]]: softticks-as: the flag save moves the stack pointer where the CFA is a DWARF expression
# NOTE-NEXT: cfi_expression.s:[[@LINE+20]]: softticks-as: the flag save moves the stack pointer where a register's rule is a DWARF expression that reads it
# NOTE-NEXT: cfi_expression.s:[[@LINE+38]]: softticks-as: the flag save moves the stack pointer where the CFA is not known here
	.text
	.set	stub_scratch_1, 0x70001010
	.globl	hook_expr
	.type	hook_expr, @function
hook_expr:
	.cfi_startproc
	.cfi_escape 0x0f, 0x03, 0x77, 0x08, 0x06
	.cfi_escape 0x16, 0x07, 0x00
	.cfi_escape 0x10, 0x10, 0x02, 0x77, 0x00
	movq	stub_scratch_1, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	hook_expr, .-hook_expr

	.globl	rule_on_rsp
	.type	rule_on_rsp, @function
rule_on_rsp:
	.cfi_startproc
	.cfi_escape 0x10, 0x10, 0x02, 0x77, 0x08
	movq	stub_scratch_1, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	rule_on_rsp, .-rule_on_rsp

	.globl	rule_on_addr
	.type	rule_on_addr, @function
rule_on_addr:
	.cfi_startproc
	.cfi_escape 0x10, 0x06, 0x09, 0x03, 0x77, 0x77, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
	movq	stub_scratch_1, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	rule_on_addr, .-rule_on_addr

	.globl	simple
	.type	simple, @function
simple:
	.cfi_startproc simple
	movq	stub_scratch_1, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	simple, .-simple

# An escape whose bytes gas computes (rr's i386 hooks: DW_CFA_expression
# %eip, DW_OP_addr stub_scratch_1 & 0xFF, ...): a register's rule, the CFA
# stays from %rsp (adjusted); the rule may read %rsp (reported).
# CHECK-LABEL: {{^}}symbolic:{{$}}
# CHECK: (stub_scratch_1 >> 8) & 0xFF, 0, 0, 0, 0, 0, 0;lea -128(%rsp),%rsp;.cfi_adjust_cfa_offset 128;push
# NOTE-NEXT: cfi_expression.s:[[@LINE+6]]: softticks-as: the flag save moves the stack pointer where a register's rule
# NOTE-NOT: flag save
	.globl	symbolic
	.type	symbolic, @function
symbolic:
	.cfi_startproc
	.cfi_escape 0x10, 0x10, 0x09, 0x03, stub_scratch_1 & 0xFF, (stub_scratch_1 >> 8) & 0xFF, 0, 0, 0, 0, 0, 0
	movq	stub_scratch_1, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	symbolic, .-symbolic
