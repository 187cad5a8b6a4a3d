# i386: the flag save pushes %eax (no red-zone step): where the CFA is
# computed from %esp, the push and the pop each get their
# .cfi_adjust_cfa_offset; from %ebp, nothing.
# RUN: %sas --32 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --32 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --32 %s -o %t.plain.o && %compare %t.plain.o %t.o
# RUN: readelf --debug-dump=frames-interp %t.o | FileCheck --check-prefix=FRAME %s
# CHECK: {{^}}1:;push %eax;.cfi_adjust_cfa_offset 4;lahf;testb{{.*}};int3;sahf;pop %eax;.cfi_adjust_cfa_offset -4;{{[[:space:]]+}}adcl
# CHECK: {{^}}2:;push %eax;lahf;testb{{.*}};int3;sahf;pop %eax;{{[[:space:]]+}}adcl
# FRAME: esp+8
	.text
	.globl	add32
	.type	add32, @function
add32:
	.cfi_startproc
	movl	4(%esp), %edx
	movl	8(%esp), %ecx
	clc
1:	adcl	(%edx), %eax
	leal	4(%edx), %edx
	decl	%ecx
	jnz	1b
	pushl	%ebp
	.cfi_adjust_cfa_offset 4
	.cfi_offset %ebp, -8
	movl	%esp, %ebp
	.cfi_def_cfa_register %ebp
	clc
2:	adcl	(%edx), %eax
	leal	4(%edx), %edx
	decl	%ecx
	jnz	2b
	popl	%ebp
	.cfi_def_cfa %esp, 4
	ret
	.cfi_endproc
	.size	add32, .-add32
