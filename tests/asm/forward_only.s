# Only forward branches: one tick, at the entry; a local function's
# unexported label does not tick either.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}f:;testb
# CHECK-NOT: testb
	.text
	.globl	f
	.type	f, @function
f:
	cmpq	$3, %rdi
	jg	.Lbig
	movl	$1, %eax
	jmp	.Lout
.Lbig:
	movl	$2, %eax
.Lout:
	ret
	.size	f, .-f
