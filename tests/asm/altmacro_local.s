# .altmacro: `LOCAL name` gives each expansion a label of its own (gas's
# .LL0001 ...), which the body's bare `name` means; arguments come in
# <angle brackets>, parameters are named without the backslash too.  Each
# expansion's loop ticks (issue 27, class 3: LOCAL read as an unknown
# instruction, and the file refused).
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# STATS: cycles_found=2 {{.*}} refused=0
# CHECK: {{^}}head:;testb
	.altmacro
	.macro	spin reg
	LOCAL	head
head:	decq	reg
	jnz	head
	.endm
	.noaltmacro
	.text
	.globl	alt
	.type	alt, @function
alt:
	.altmacro
	spin	<%rdi>
	spin	<%rsi>
	.noaltmacro
	ret
	.size	alt, .-alt
