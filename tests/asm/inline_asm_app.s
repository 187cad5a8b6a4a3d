# Compiler output of a plugin-instrumented unit (it carries the manifest
# note): only the loop inside the inline asm (#APP ... #NO_APP) ticks; the
# compiler's code and the module parts are left as they are.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK: {{^}}spin:{{$}}
# CHECK-NEXT: endbr64
# CHECK: {{^}}.L2:{{$}}
# CHECK: 1:;testb
# CHECK-NOT: testb
# CHECK-NOT: __rr_softticks_early
	.text
	.globl	spin
	.type	spin, @function
spin:
	endbr64
	testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3
	movq	%rdi, %rax
.L2:
#APP
# 5 "spin.c" 1
	1: pause
	decq %rax
	jnz 1b
# 0 "" 2
#NO_APP
	ret
	.size	spin, .-spin
	.section	.note.softticks.manifest,"aG",@note,__rr_softticks_manifest_0123456789abcdef,comdat
	.long 10
	.section	.note.GNU-stack,"",@progbits
