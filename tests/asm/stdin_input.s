# gcc -pipe gives the assembler its input on stdin: it is instrumented the
# same way, and an error names "{standard input}" and the line, as gas does.
# RUN: %gcc -pipe -B %asbin/ -c -x assembler %s -o %t.o
# RUN: %tickfree %t.o
# RUN: not %asbin/as --64 -o %t.bad.o < %S/Inputs/bad_register.s 2> %t.err
# RUN: FileCheck %s < %t.err
# CHECK: {standard input}:3: Error: bad register name
	.text
	.globl	pipe_loop
	.type	pipe_loop, @function
pipe_loop:
1:	decq	%rdi
	jnz	1b
	ret
