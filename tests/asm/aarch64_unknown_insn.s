# aarch64: a mnemonic binutils' opcode table (asm/aarch64_insn_table.inc)
# does not know is never guessed (as on x86, unknown_insn.s): reported
# without --softticks-report, its function gets no tick, the others tick.
# Before, it fell through and read the x16/x17 it named: a branch spelled
# so by a newer assembler would have hidden its loop.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# WARN: aarch64_unknown_insn.s:[[#@LINE+11]]: softticks-as: warning: unknown instruction (frobnicate x1): function odd is not instrumented
# WARN-NOT: warning
# CHECK: {{^}}odd:{{$}}
# CHECK-NEXT: {{^}}1:	subs
# CHECK: {{^}}plain:;movz x16
# CHECK: {{^}}2:;movz x16
	.text
	.globl	odd
	.type	odd, %function
odd:
1:	subs	x1, x1, #1
	frobnicate x1
	b.ne	1b
	ret
	.size	odd, .-odd
	.globl	plain
	.type	plain, %function
plain:
2:	subs	x1, x1, #1
	b.ne	2b
	ret
	.size	plain, .-plain
