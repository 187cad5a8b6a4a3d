# OpenSSL keeps its constant tables in .text (sha256-x86_64.pl's K256):
# `leaq K256(%rip),%rbp` takes the address of data, not of code, so it
# computes no code address and the file is instrumented: the round loop
# ticks (issue 27, class 3).  A label followed by data directives is data.
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# STATS: cycles_found=1 {{.*}} refused=0
# CHECK: {{^}}sha256_block_data_order:;testb
# CHECK: {{^}}.Lrounds_16_xx:;testb
# CHECK: {{^}}K256:
# CHECK-NOT: testb
	.text
	.globl	sha256_block_data_order
	.type	sha256_block_data_order,@function
	.align	16
sha256_block_data_order:
	pushq	%rbx
	pushq	%rbp
	leaq	K256(%rip),%rbp
	movl	$64,%ecx
	xorl	%eax,%eax
.Lrounds_16_xx:
	movl	0(%rbp),%ebx
	addl	%ebx,%eax
	roll	$5,%eax
	leaq	4(%rbp),%rbp
	leaq	-64*4(%rbp),%rbx
	decl	%ecx
	jnz	.Lrounds_16_xx
	popq	%rbp
	popq	%rbx
	ret
	.size	sha256_block_data_order,.-sha256_block_data_order
	.align	64
	.type	K256,@object
K256:
	.long	0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5
	.long	0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5
.LK256_shuf:
	.quad	0x0405060700010203,0x0c0d0e0f08090a0b
	.byte	83,72,65,50,53,54,0
