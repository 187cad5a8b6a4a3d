# An instruction that uses the location counter `.` trusts a register to
# hold its own address.  Right after `call __x86.get_pc_thunk.bx` it does,
# and that is instrumented; after a label reached through a jump table
# (glibc's i386 memcpy-ssse3-rep.S: the register holds the label's address)
# the label's tick would move the instruction, so the file is left as it
# is, with a warning there.  The tables are data (as glibc's): no label of
# code is computed with, only the location counter.
# RUN: %sas --32 --softticks-emit=%t.s %s 2> %t.err
# RUN: cmp %s %t.s
# RUN: FileCheck %s < %t.err
# RUN: sed '/^# after a label/,/^# end/d' %s > %t.thunk.s
# RUN: %sas --32 --softticks-emit=%t.thunk.out.s %t.thunk.s 2> %t.thunk.err
# RUN: not grep warning %t.thunk.err
# RUN: grep -q testb %t.thunk.out.s
# CHECK: i386_location_counter.s:[[#@LINE+22]]: softticks-as: warning: a code address is computed from a label here (addl $(.Ltable - .), %ebx)
	.text
	.globl	dispatch
	.type	dispatch, @function
dispatch:
	movl	4(%esp), %ecx
	call	__x86.get_pc_thunk.bx
	addl	$(.Lshl_table - .), %ebx
	addl	(%ebx,%ecx,4), %ebx
	jmp	*%ebx
.Lshl_0:
1:	decl	%ecx
	jnz	1b
	ret
	.size	dispatch, .-dispatch
	.section	.rodata
.Lshl_table:
	.long	.Lshl_0 - .Lshl_table
	.long	.Lshl_1 - .Lshl_table
	.text
.Lshl_1:
# after a label
	addl	$(.Ltable - .), %ebx
	ret
# end
	ret
	.section	.rodata
.Ltable:
	.long	.Lshl_0 - .Ltable
	.section	.text.__x86.get_pc_thunk.bx,"axG",@progbits,__x86.get_pc_thunk.bx,comdat
	.globl	__x86.get_pc_thunk.bx
	.hidden	__x86.get_pc_thunk.bx
	.type	__x86.get_pc_thunk.bx, @function
__x86.get_pc_thunk.bx:
	movl	(%esp), %ebx
	ret
