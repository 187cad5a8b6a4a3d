# The syntax mode is followed through the file: a tick in AT&T code is
# plain, one in an `.intel_syntax noprefix` region switches to AT&T and
# back to noprefix, one in an `.intel_syntax prefix` region back to prefix
# (registers still written %rcx there).
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}a:;testb
# CHECK: {{^}}1:;testb {{.*}};int3;	decq
# CHECK: {{^}}b:;{{.}}.att_syntax;testb {{.*}};int3;{{.}}.intel_syntax noprefix;{{$}}
# CHECK: {{^}}2:;{{.}}.att_syntax;testb {{.*}};int3;{{.}}.intel_syntax noprefix;	dec	rcx
# CHECK: {{^}}c:;testb
# CHECK: {{^}}3:;testb {{.*}};int3;	decq
# CHECK: {{^}}d:;{{.}}.att_syntax;testb {{.*}};int3;{{.}}.intel_syntax prefix;{{$}}
# CHECK: {{^}}4:;{{.}}.att_syntax;testb {{.*}};int3;{{.}}.intel_syntax prefix;	dec	%rcx
	.text
	.globl	a
	.type	a, @function
a:
1:	decq	%rcx
	jnz	1b
	ret
	.size	a, .-a
	.intel_syntax noprefix
	.globl	b
	.type	b, @function
b:
2:	dec	rcx
	jnz	2b
	ret
	.size	b, .-b
	.att_syntax prefix
	.globl	c
	.type	c, @function
c:
3:	decq	%rcx
	jnz	3b
	ret
	.size	c, .-c
	.intel_syntax prefix
	.globl	d
	.type	d, @function
d:
4:	dec	%rcx
	jnz	4b
	ret
	.size	d, .-d
