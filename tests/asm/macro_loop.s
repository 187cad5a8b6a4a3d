# A loop written by a .macro invoked twice (labels with \@ and a
# parameter): the tick is inserted in the macro body, so every expansion
# carries it; the object has no tick-free cycle.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: .macro COUNTDOWN reg
# CHECK-NEXT: {{^}}.Lcd\@:;testb
# CHECK: .endm
	.macro COUNTDOWN reg
.Lcd\@:
	dec	\reg
	jnz	.Lcd\@
	.endm
	.text
	.globl	twice
	.type	twice, @function
twice:
	COUNTDOWN %rdi
	COUNTDOWN %rsi
	ret
	.size	twice, .-twice
