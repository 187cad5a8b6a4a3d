# i386 computes a code address in the instruction that names the label
# (glibc's sysdeps/i386/add_n.S enters its unrolled loop of 9-byte steps):
# PIC adds a label difference to the return address of a call, non-PIC
# indexes the label with a register.  Ticks would move the steps, so the
# file is left as it is, with a warning at the first such instruction.
# RUN: %sas --32 --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# RUN: sed '/^# PIC/,/^# end PIC/d' %s > %t.nopic.s
# RUN: %sas --32 --softticks-emit=%t.nopic.out.s %t.nopic.s 2> %t.nopic.err
# RUN: cmp %t.nopic.s %t.nopic.out.s
# RUN: FileCheck %s --check-prefix=NOPIC < %t.nopic.err
# CHECK: computed_jump_i386.s:[[#@LINE+13]]: softticks-as: warning: a code address is computed from a label here (addl $(.Loop-.L0-3), %eax)
# NOPIC: warning: a code address is computed from a label here (leal (.Loop-3)(%eax,%eax,8), %eax)
	.text
	.globl	enter
	.type	enter, @function
enter:
	movl	4(%esp), %ecx
	movl	%ecx, %eax
	andl	$7, %eax
# PIC
	call	.L0
.L0:	leal	(%eax,%eax,8), %eax
	addl	(%esp), %eax
	addl	$(.Loop-.L0-3), %eax
	addl	$4, %esp
	jmp	*%eax
# end PIC
	leal	(.Loop-3)(%eax,%eax,8), %eax
	jmp	*%eax
.Loop:	movl	(%esi), %eax
	adcl	(%edx), %eax
	movl	%eax, (%edi)
	decl	%ecx
	jnz	.Loop
	ret
	.size	enter, .-enter
