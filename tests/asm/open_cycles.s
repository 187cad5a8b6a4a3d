# Cycles left without a tick (a loop's head label followed by data, not
# code: a string; integers there are instructions, bytes_endbr_pause.s) are
# reported: how many statements lie on them and where the first is, as a
# warning even without --softticks-report.  Only those on a cycle (common/graph.c's cyclic components): not the
# two movl between the loops, which the loops reach and which reach a loop
# but lie on none.
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: %as --64 %t.s -o %t.o
# RUN: %sas --softticks-emit=%t.s %s 2>&1 | FileCheck --check-prefix=WARN %s
# WARN: softticks-as: warning: 8 statements lie on cycles without a tick (first here)
# CHECK: open_cycles.s:[[LD:[0-9]+]]: softticks-as: .Ld: is followed by data, not code: no tick
# CHECK: .Le: is followed by data, not code: no tick
# CHECK: open_cycles.s:[[LD]]: softticks-as: warning: 8 statements lie on cycles without a tick (first here)
# CHECK: cycles_found=2 cycles_open=8
	.text
	.globl	f
	.type	f, @function
f:
	movl	$3, %ecx
.Ld:	.ascii	"\220"
	decl	%ecx
	jnz	.Ld
	movl	$1, %eax
	movl	$2, %eax
.Le:	.ascii	"\220"
	decl	%ecx
	jnz	.Le
	ret
	.size	f, .-f
