# .irp writes one loop per register; the tick sits in the body once.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: .irp r, rdi, rsi, rdx
# CHECK-NEXT: {{^}}2:;testb
	.text
	.globl	irpf
	.type	irpf, @function
irpf:
	.irp r, rdi, rsi, rdx
2:	shrq	$1, %\r
	jnz	2b
	.endr
	ret
	.size	irpf, .-irpf
