# GNU as's own mnemonics that are no XED ICLASS (glibc's libmvec,
# sysdeps/x86_64/fpu/multiarch/svml_*.S): the compare pseudo-ops
# (cmpltpd is cmppd $1, vcmpnle_uqps is vcmpps $0x16) and the waiting x87
# forms (fstsw is fwait; fnstsw).  gen_x86_table.py gives them the facts
# of what they assemble to; before, each was an "unknown instruction" and
# its function was left alone (no tick, a tick-free cycle).  None of them
# writes a flag: in loop 1 the CF set by clc is read by adc across the
# loop head, so its tick saves the flags; in loop 2 decq writes ZF before
# jnz reads it, so its tick does not.
# RUN: %sas --softticks-emit=%t.s %s 2>%t.err
# RUN: not grep warning %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}f:;testb
# CHECK: {{^}}1:;lea -128(%rsp),%rsp;push %rax;lahf;testb
# CHECK: {{^}}2:;testb
	.text
	.globl	f
	.type	f, @function
f:
	clc
1:	cmpltpd	%xmm1, %xmm0
	cmpnleps	%xmm1, %xmm0
	cmpltsd	%xmm1, %xmm0
	vcmpnle_uqps	%ymm1, %ymm2, %ymm3
	vcmplt_oqpd	%zmm1, %zmm2, %k1
	vcmpneqss	%xmm1, %xmm2, %xmm3
	fstsw	%ax
	fstcw	(%rsp)
	adcq	$0, %rdx
	decq	%rbx
	jnz	1b
2:	vcmpgt_oqpd	%xmm1, %xmm2, %xmm3
	cmpneqpd	%xmm1, %xmm0
	fstsw	%ax
	decq	%rbx
	jnz	2b
	ret
	.size	f, .-f
