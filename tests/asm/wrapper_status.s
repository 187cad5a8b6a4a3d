# As `as` under gcc -B: an input the real assembler rejects gives its
# message, with this file's name and line, and its exit status.
# Nothing is left behind (gas removes its output).
# RUN: not %gcc -B %asbin/ -c -x assembler %s -o %t.o 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: not test -e %t.o
# CHECK: wrapper_status.s:[[#@LINE+6]]: Error: bad register name
	.text
	.globl	w
	.type	w, @function
w:
1:	decq	%rdi
	movq	%nosuchreg, %rax
	jnz	1b
	ret
