# aarch64: OpenSSL's sha256-armv8 keeps K256 in .text and reads it with
# `adr x16, .LK256`: the address of data, not of code, so the file is
# instrumented and the round loop ticks (text_constant_table.s on x86-64;
# aarch64's rule already let this shape through: the label test is shared).
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# STATS: cycles_found=1 {{.*}} refused=0
# CHECK: {{^}}.Loop_16_xx:;
# CHECK: {{^}}.LK256:
	.text
	.globl	sha256_block_data_order
	.type	sha256_block_data_order,%function
sha256_block_data_order:
	adr	x16, .LK256
	mov	w17, #64
	mov	w3, #0
.Loop_16_xx:
	ldr	w12, [x16], #4
	add	w3, w3, w12
	ror	w3, w3, #27
	subs	w17, w17, #1
	b.ne	.Loop_16_xx
	mov	w0, w3
	ret
	.size	sha256_block_data_order,.-sha256_block_data_order
	.align	6
	.type	.LK256,%object
.LK256:
	.long	0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5
	.long	0	//terminator
	.size	.LK256,.-.LK256
	.asciz	"SHA256 block transform for ARMv8"
