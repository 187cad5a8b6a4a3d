# aarch64: a branch relative to the location counter (`b.ne .-4`, `b .`)
# leaves its function alone, loudly, as on x86 (location_branch.s).  The
# loop head's tick went between the branch and its target before.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# WARN: aarch64_location_branch.s:[[#@LINE+12]]: softticks-as: warning: branch relative to the location counter (b.ne .-4): function back4 is not instrumented
# WARN: skipped=1 {{.*}} refused=0
# CHECK: {{^}}back4:{{$}}
# CHECK: {{^}}.Lhead:{{$}}
# CHECK-NOT: movz x16
	.text
	.globl	back4
	.type	back4, %function
back4:
	mov	x1, #100
.Lhead:
	subs	x1, x1, #1
	b.ne	.-4
	ret
	.size	back4, .-back4
