# A bare `.intel_syntax` (rustc's global_asm! writes it; gas reads it as
# Intel with %-prefixed registers): a tick there restores the bare form,
# not `.intel_syntax prefix`, which LLVM's assembler refuses, and the
# registers are read with their %.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}f:;{{.}}.att_syntax;testb $0x80, 0x70001807;{{.*}};int3;{{.}}.intel_syntax;{{$}}
# CHECK: {{^}}1:;{{.}}.att_syntax;testb $0x80, 0x70001807;{{.*}};int3;{{.}}.intel_syntax;{{.}}add %eax, 5
# CHECK-NOT: prefix
	.intel_syntax
	.text
	.globl	f
	.type	f, @function
f:
	mov	%ecx, %edi
1:	add	%eax, 5
	dec	%ecx
	jnz	1b
	ret
	.size	f, .-f
	.att_syntax
	.section	.note.GNU-stack,"",@progbits
