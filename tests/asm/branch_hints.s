# Branch hints (gas: jne,pt / je,pn, a 0x3e/0x2e prefix byte) are the same
# conditional jumps: the loops they close tick, and the file is not
# refused as computing a code address.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}hinted:;testb $0x80, 0x70001807;
# CHECK: {{^}}.Ltaken:;testb $0x80, 0x70001807;
# CHECK: {{^}}.Lnot:;testb $0x80, 0x70001807;
# CHECK: .pushsection .note.rrsoftticks
	.text
	.globl	hinted
	.type	hinted, @function
hinted:
	movl	$10, %ecx
.Ltaken:
	decl	%ecx
	jne,pt	.Ltaken
	movl	$10, %ecx
.Lnot:
	decl	%ecx
	jnz,pn	.Lnot
	ret
	.size	hinted, .-hinted
