# A macro defined in both arms of `.ifndef X/.else`: gas defines only the
# active arm's, and the loop it closes must tick (issue 27, class 1a).  The
# expander decides .ifndef/.ifdef/.if/.ifc/.ifeqs/.elseif as gas does,
# nested, from the symbols defined before and --defsym.
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# With --defsym USE_SIMPLE=1 the other arm's macro is the one gas defines:
# RUN: %sas --defsym USE_SIMPLE=1 --softticks-emit=%t.simple.s --softticks-stats %s 2>%t.simple.err
# RUN: FileCheck --check-prefix=STATS %s < %t.simple.err
# RUN: %as --64 --defsym USE_SIMPLE=1 %t.simple.s -o %t.simple.o && %tickfree %t.simple.o
# STATS: cycles_found=4 {{.*}} refused=0
	.ifndef USE_SIMPLE
	.macro	step reg
1:	decq	\reg
	jnz	1b
	.endm
	.else
	.macro	step reg
	decq	\reg
	.endm
	.endif

	.set	UNROLL, 2
	.if UNROLL > 1 && UNROLL < 4
	.macro	twice reg
2:	decq	\reg
	.ifc \reg,%rdx
	jnz	2b
	.elseif UNROLL == 2
	jnz	2b
	.else
	nop
	.endif
	.endm
	.else
	.macro	twice reg
	decq	\reg
	.endm
	.endif

	.ifeqs "a","a"
	.ifdef UNROLL
	.macro	thrice reg
3:	decq	\reg
	jnz	3b
	.endm
	.endif
	.else
	.macro	thrice reg
	nop
	.endm
	.endif

	.text
	.globl	arms
	.type	arms, @function
arms:
	step	%rdi
	twice	%rsi
	twice	%rdx
	thrice	%rcx
	.ifdef USE_SIMPLE
	.ifndef UNROLL
	ret
	.endif
4:	decq	%r8
	jnz	4b
	.endif
	ret
	.size	arms, .-arms
