# With gas's own debug information (gcc -g on assembler input) every
# instruction keeps its line: ticks are written on existing lines, so the
# loop body's addq is still at its line; the appended module parts are
# attributed to a file of their own, not to this file's last line.
# RUN: %gcc -B %asbin/ -g -c -x assembler %s -o %t.o
# RUN: objdump -dl %t.o | FileCheck %s
# CHECK: debug_lines.s:[[#@LINE+9]]
# CHECK-NEXT: testb
# CHECK: debug_lines.s:[[#@LINE+10]]
# CHECK-NEXT: add {{ *}}%rdi,%rax
# CHECK: <softticks-as module parts>:{{[0-9]+}}
# CHECK-NOT: debug_lines.s:
	.text
	.globl	dl
	.type	dl, @function
dl:
	xorl	%eax, %eax
.Lloop:
	addq	%rdi, %rax
	decq	%rdi
	jnz	.Lloop
	ret
	.size	dl, .-dl
