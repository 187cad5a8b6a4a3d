# An .if arm ending in `ret` before the .else arm where the loop closes
# (issue 27, class 1b): gas assembles one arm, so the graph follows the
# assembled arm when the condition is decided, and enters every arm when
# it is not (here: a label difference, an address the tool does not know).
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# STATS: cycles_found=2 {{.*}} refused=0
# CHECK: {{^}}.Ldecided:;testb
# CHECK: {{^}}.Lundecided:;testb
	.text
	.set	EARLY_OUT, 0
	.globl	decided
	.type	decided, @function
decided:
	movl	$10, %ecx
.Ldecided:
	decl	%ecx
	.if EARLY_OUT
	ret
	.else
	jnz	.Ldecided
	ret
	.endif
	.size	decided, .-decided

	.globl	undecided
	.type	undecided, @function
undecided:
	movl	$10, %ecx
.Lundecided:
	decl	%ecx
	.if .Lundecided - undecided > 64
	ret
	.else
	jnz	.Lundecided
	ret
	.endif
	.size	undecided, .-undecided
