# aarch64: a branch written as a word (`.inst 0x54ffffe1` is b.ne .-4)
# is decoded (binutils' opcode table): a branch relative to the location
# counter, so its function is left alone, loudly, as for `b.ne .-4`
# (aarch64_location_branch.s).  Before, the word was an instruction that
# falls through: the loop it closes was never seen and ran without a tick,
# with no word said (cycles_open=0).
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# WARN: aarch64_inst_branch.s:[[#@LINE+13]]: softticks-as: warning: branch relative to the location counter (.inst{{.*}}0x54ffffe1): function spin is not instrumented
# WARN: skipped=1 {{.*}} refused=0
# CHECK: {{^}}spin:{{$}}
# CHECK-NEXT: mov
# CHECK-NEXT: {{^}}1:	subs
# CHECK: {{^}}plain:;movz x16
# CHECK: {{^}}2:;movz x16
	.text
	.globl	spin
	.type	spin, %function
spin:
	mov	x1, #100
1:	subs	x1, x1, #1
	.inst	0x54ffffe1		// b.ne 1b
	ret
	.size	spin, .-spin
	.globl	plain
	.type	plain, %function
plain:
2:	subs	x1, x1, #1
	b.ne	2b
	ret
	.size	plain, .-plain
