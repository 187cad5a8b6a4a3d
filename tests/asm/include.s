# `.include "file"` is read as gas reads it (the working directory, then
# gas's -I directories), its statements part of the stream: the
# macro and the symbol it defines are known, so the loop closed here
# ticks.  Included statements never tick (the tool writes only this
# file); a cycle left open in them is a warning.  Before, `step` was an
# unknown instruction and the function was left alone.
# RUN: %sas -I %S/Inputs --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 -I %S/Inputs %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 -I %S/Inputs %s -o %t.plain.o && %compare %t.plain.o %t.o
# STATS: cycles_found=1 cycles_open=0 skipped=0 {{.*}} refused=0
# CHECK: .include "include_step.inc"
# CHECK: {{^}}1:;testb
	.include "include_step.inc"
	.text
	.globl	inc
	.type	inc, @function
inc:
1:	step	%rdi
	.if STRIDE == 1
	jnz	1b
	.else
	ud2
	.endif
	ret
	.size	inc, .-inc
