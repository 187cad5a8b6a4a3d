# i386 (--32): branches written as bytes, as in bytes_branch.s: jne rel8,
# jne rel32 (BRDISPz: 32 bits without 66), jecxz (E3 with the 32-bit
# address size) are branches relative to the location counter; their
# functions are left alone, loudly (skipped: their entries and the loop
# head jecxz's `jmp 1b` closes), the textual loop beside them ticks.
# Before, the bytes fell through: no warning, skipped=0.
# RUN: %sas --32 --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --32 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --32 %s -o %t.plain.o && %compare %t.plain.o %t.o
# WARN: bytes_branch_i386.s:[[#@LINE+18]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0x75, 0xfd): function jne8 is not instrumented
# WARN: bytes_branch_i386.s:[[#@LINE+25]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0x0f, 0x85, 0xf9, 0xff, 0xff, 0xff): function jne32 is not instrumented
# WARN: bytes_branch_i386.s:[[#@LINE+32]]: softticks-as: warning: branch relative to the location counter (.byte{{.*}}0xe3, 0x02): function jecxz is not instrumented
# WARN-NOT: warning
# WARN: cycles_found=2 {{.*}} skipped=4 {{.*}} refused=0
# CHECK: {{^}}jne8:{{$}}
# CHECK-NEXT: {{^}}1:	decl
# CHECK: {{^}}jne32:{{$}}
# CHECK-NEXT: {{^}}1:	decl
# CHECK: {{^}}jecxz:{{$}}
# CHECK-NEXT: {{^}}1:	decl
# CHECK: {{^}}plain:;{{.*}}testb
# CHECK: {{^}}1:;{{.*}}testb
	.text
	.globl	jne8
	.type	jne8, @function
jne8:
1:	decl	%eax
	.byte	0x75, 0xfd		# jne 1b
	ret
	.size	jne8, .-jne8

	.globl	jne32
	.type	jne32, @function
jne32:
1:	decl	%eax
	.byte	0x0f, 0x85, 0xf9, 0xff, 0xff, 0xff	# jne 1b (rel32)
	ret
	.size	jne32, .-jne32

	.globl	jecxz
	.type	jecxz, @function
jecxz:
1:	decl	%ecx
	.byte	0xe3, 0x02		# jecxz 2f
	jmp	1b
	ret
	.size	jecxz, .-jecxz

	.globl	plain
	.type	plain, @function
plain:
1:	decl	%eax
	jnz	1b
	ret
	.size	plain, .-plain
	.section .note.GNU-stack,"",@progbits
