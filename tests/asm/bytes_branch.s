# Branches written as bytes (`.byte 0x75, 0xfb` is jne .-3): decoded from
# XED's relative-branch forms (jcc rel8/rel32, loop), they are branches
# relative to the location counter, so their functions are left alone,
# loudly, as for `jnz .-2` (location_branch.s).  Before, the bytes were an
# instruction that falls through: the loop they close was never seen and
# ran without a tick, with no word said (cycles_open=0, skipped=0).  A
# branch in the middle of a statement's bytes counts too; the textual loop
# beside them ticks, and an indirect jump as bytes (`.byte 0xff, 0xe0`,
# jmp *%rax) is an indirect jump, no warning.
# A jmp . (`.byte 0xeb, 0xfe`) and a call .+5 as bytes (relative too, as
# `call .+5` written out) are left alone the same way.
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# WARN: bytes_branch.s:[[#@LINE+26]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0x75, 0xfb): function jne8 is not instrumented
# WARN: bytes_branch.s:[[#@LINE+33]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0x0f, 0x85, 0xf7, 0xff, 0xff, 0xff): function jne32 is not instrumented
# WARN: bytes_branch.s:[[#@LINE+41]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0xe2, 0xfa): function bytes_loop is not instrumented
# WARN: bytes_branch.s:[[#@LINE+48]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0x90, 0x75, 0xfa, 0x90): function mid is not instrumented
# WARN: bytes_branch.s:[[#@LINE+54]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0xeb, 0xfe): function spin is not instrumented
# WARN: bytes_branch.s:[[#@LINE+59]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0xe8, 0, 0, 0, 0): function getpc is not instrumented
# WARN-NOT: warning
# WARN: cycles_found=1 {{.*}} skipped=6 {{.*}} refused=0
# CHECK: {{^}}jne8:{{$}}
# CHECK-NEXT: {{^}}1:	decq
# CHECK: {{^}}jne32:{{$}}
# CHECK-NEXT: {{^}}1:	decq
# CHECK: {{^}}bytes_loop:{{$}}
# CHECK-NEXT: movl
# CHECK-NEXT: {{^}}1:	addq
# CHECK: {{^}}mid:{{$}}
# CHECK-NEXT: {{^}}1:	decq
# CHECK: {{^}}spin:{{$}}
# CHECK: {{^}}getpc:{{$}}
# CHECK: {{^}}plain:;{{.*}}testb
# CHECK: {{^}}1:;{{.*}}testb
	.text
	.globl	jne8
	.type	jne8, @function
jne8:
1:	decq	%rdi
	.byte	0x75, 0xfb		# jne 1b
	ret
	.size	jne8, .-jne8

	.globl	jne32
	.type	jne32, @function
jne32:
1:	decq	%rdi
	.byte	0x0f, 0x85, 0xf7, 0xff, 0xff, 0xff	# jne 1b (rel32)
	ret
	.size	jne32, .-jne32

	.globl	bytes_loop
	.type	bytes_loop, @function
bytes_loop:
	movl	$100, %ecx
1:	addq	$1, %rax
	.byte	0xe2, 0xfa		# loop 1b
	ret
	.size	bytes_loop, .-bytes_loop

	.globl	mid
	.type	mid, @function
mid:
1:	decq	%rdi
	.byte	0x90, 0x75, 0xfa, 0x90	# nop; jne 1b; nop
	ret
	.size	mid, .-mid

	.globl	spin
	.type	spin, @function
spin:
	.byte	0xeb, 0xfe		# jmp .
	.size	spin, .-spin

	.globl	getpc
	.type	getpc, @function
getpc:
	.byte	0xe8, 0, 0, 0, 0	# call .+5
	popq	%rax
	ret
	.size	getpc, .-getpc

	.globl	plain
	.type	plain, @function
plain:
1:	decq	%rdi
	jnz	1b
	.byte	0xff, 0xe0		# jmp *%rax
	.size	plain, .-plain
	.section .note.GNU-stack,"",@progbits
