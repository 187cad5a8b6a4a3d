# A code address compared as it is (x86 cmp, test: the generated tables'
# reads_only, no operand written) is not computed with: g++ compares a
# virtual function's slot with the address of the function it expects
# (`leaq do_widen(%rip), %rcx; cmpq %rcx, %rdx`), hand-written code may
# too.  Before, any use but a copy, a branch or an overwrite counted as a
# computation, and the file was refused.  Still refused: the address as
# the base of a memory operand (`cmpq $0, 8(%rcx)` reads the code at a
# distance), in a second file.
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: sed -e 's/^	cmpq	%rcx, %rdx$/	cmpq	$0, 8(%rcx)/' %s > %t.base.s
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.base.out.s %t.base.s 2> %t.base.err
# RUN: FileCheck --check-prefix=BASE %s < %t.base.err
# CHECK-NOT: computed from a label
# CHECK: refused=0
# BASE: warning: a code address is computed from a label here (leaq	.Lwiden(%rip), %rcx)
# BASE: refused=1
	.text
	.globl	f
	.type	f, @function
f:
	movq	48(%rdi), %rdx
	leaq	.Lwiden(%rip), %rcx
	cmpq	%rcx, %rdx
	je	.Ldone
	testq	%rcx, %rcx
	jmp	*%rdx
.Lwiden:
	movl	%esi, %eax
.Ldone:
	ret
	.size	f, .-f
	.section	.note.GNU-stack,"",@progbits
