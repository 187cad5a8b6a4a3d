# An instruction the x86 table (asm/x86_insn_table.inc, from Intel XED)
# does not know is never guessed: it is reported on stderr without
# --softticks-report, and its function, whose control flow is then not
# known, gets no tick; the other functions tick as before.
# RUN: %sas --softticks-emit=%t.s %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# WARN: unknown_insn.s:[[@LINE+11]]: softticks-as: warning: unknown instruction (frobnicate %rax): function odd is not instrumented
# WARN-NOT: warning
# CHECK: {{^}}odd:{{$}}
# CHECK-NEXT: {{^}}1:	decq	%rcx{{$}}
# CHECK: {{^}}plain:;testb
# CHECK: {{^}}2:;testb
	.text
	.globl	odd
	.type	odd, @function
odd:
1:	decq	%rcx
	frobnicate %rax
	jnz	1b
	ret
	.size	odd, .-odd
	.globl	plain
	.type	plain, @function
plain:
2:	decq	%rcx
	jnz	2b
	ret
	.size	plain, .-plain
