# An adcx carry loop with adcx written as bytes, as OpenSSL's perlasm does
# for assemblers that lack it (issue 27, class 4, wrong code): the bytes
# are instructions, decoded from XED's patterns as adcx (reads and writes
# CF only), so CF is live at the loop head and its tick saves it (OF, not
# live, is not).  Before, the bytes were flag-neutral data: the head's
# tick cleared CF and the program printed another sum than the plain one.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# RUN: %gcc -O2 %S/Inputs/bytes_adcx_main.c %t.plain.o -o %t.plain
# RUN: %gcc -O2 %S/Inputs/bytes_adcx_main.c %t.o -o %t.ticked
# RUN: %t.plain > %t.plain.out && %t.ticked > %t.ticked.out
# RUN: FileCheck --check-prefix=SUM %s < %t.plain.out
# RUN: cmp %t.plain.out %t.ticked.out
# SUM: 0000000000000006 0000000000000000 0000000000000000 0000000000000000 carry 0
# CHECK: {{^}}add_n:;testb
# CHECK: {{^}}1:;lea -128(%rsp),%rsp;push %rax;lahf;testb $0x80, 0x70001807;{{.*}};int3;sahf;pop %rax;lea 128(%rsp),%rsp;
	.text
	.globl	add_n
	.type	add_n, @function
# uint64_t add_n(uint64_t *d, const uint64_t *a, const uint64_t *b, long n)
add_n:
	xorl	%eax, %eax
	movq	%rdx, %r9
1:	movq	(%rsi), %rax
	movq	(%r9), %r8
	.byte	0x66,0x4c,0x0f,0x38,0xf6,0xc0	# adcx %rax, %r8
	movq	%r8, (%rdi)
	leaq	8(%rsi), %rsi
	leaq	8(%r9), %r9
	leaq	8(%rdi), %rdi
	decq	%rcx
	jnz	1b
	movl	$0, %eax
	.byte	0x66,0x48,0x0f,0x38,0xf6,0xc0	# adcx %rax, %rax: the carry out
	ret
	.size	add_n, .-add_n
	.section .note.GNU-stack,"",@progbits
