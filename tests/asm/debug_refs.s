# Code labels named only by debug information (gcc -g's .LVL labels in
# .debug_loclists), unwind tables or notes are no jump targets: no tick.
# The same label named in .rodata is (a table an indirect jump may use).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# CHECK: {{^}}dbg:;testb
# CHECK: {{^}}.LVL1:{{$}}
# CHECK: {{^}}.LVL2:;testb
	.text
	.globl	dbg
	.type	dbg, @function
dbg:
	movq	%rdi, %rax
.LVL1:
	addq	$1, %rax
.LVL2:
	addq	$2, %rax
	ret
	.size	dbg, .-dbg
	.section	.debug_loclists,"",@progbits
	.quad	.LVL1
	.quad	.LVL2
	.section	.eh_frame,"a",@progbits
	.long	.LVL1-.
	.section	.rodata
	.quad	.LVL2
