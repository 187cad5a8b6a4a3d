# Instructions written as bytes (issue 27, class 2): a function that begins
# with endbr64's bytes (OpenSSL) keeps its entry tick, after them (a
# landing pad stays first); a loop head followed by pause's bytes gets its
# tick (before, "followed by data": no tick, the cycle stayed open); rdrand
# as bytes writes the flags its retry loop reads; bytes the decoder does
# not know are instructions that read every flag (the tick before them
# saves the flags); a constant table after a ret, or after a call that
# does not return, stays data (no tick in it, its label is read by lea,
# and a label of data in code is no longer a note); bytes split over two statements are
# taken one statement at a time, unknown halves each; endbr64 and bytes
# not decoded in one statement: the entry tick still goes after them.
# RUN: %sas --softticks-report --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --allow-empty --check-prefix=REPORT %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}spin:{{$}}
# CHECK-NEXT: {{^}}	.byte	0xf3,0x0f,0x1e,0xfa;testb $0x80
# CHECK: {{^}}1:;testb $0x80, 0x70001807;{{.*}};int3;	.byte	0xf3,0x90
# CHECK: {{^}}rand64:{{$}}
# CHECK-NEXT: {{^}}	.byte	0xf3,0x0f,0x1e,0xfa;testb $0x80
# CHECK: {{^}}2:;testb $0x80, 0x70001807;{{.*}};int3;	.byte	0x48,0x0f,0xc7,0xf0
# CHECK: {{^}}pushed:{{$}}
# CHECK-NEXT: {{^}}	.byte	0xf3,0x0f,0x1e,0xfa,0x55;{{.*}}testb $0x80
# CHECK: {{^}}odd:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb
# CHECK: {{^}}.Lpool:{{$}}
# CHECK-NEXT: {{^}}	.quad	0x5555555555555555{{$}}
# CHECK: {{^}}K256:{{$}}
# CHECK-NEXT: {{^}}	.long	0x11111111,0x22222222
# REPORT-NOT: followed by data
# REPORT-NOT: without a tick
	.text
	.globl	spin
	.type	spin, @function
spin:
	.byte	0xf3,0x0f,0x1e,0xfa	# endbr64
1:	.byte	0xf3,0x90		# pause
	movl	(%rdi), %eax
	testl	%eax, %eax
	jnz	1b
	ret
	.size	spin, .-spin

	.globl	rand64
	.type	rand64, @function
rand64:
	.byte	0xf3,0x0f,0x1e,0xfa	# endbr64
2:	.byte	0x48,0x0f,0xc7,0xf0	# rdrand %rax: CF=1 when it delivered
	jnc	2b
	leaq	K256(%rip), %rdx
	ret
	.size	rand64, .-rand64

	.globl	pushed
	.type	pushed, @function
pushed:
	.byte	0xf3,0x0f,0x1e,0xfa,0x55	# endbr64; push %rbp (not decoded): the tick after both
	popq	%rbp
	ret
	.size	pushed, .-pushed

	.globl	odd
	.type	odd, @function
odd:
	.byte	0x0f,0x0b		# ud2, spelled as bytes: not among the decoded ones
	.byte	0x66,0x4c,0x0f		# the first half of an adcx ...
	.byte	0x38,0xf6,0xc0		# ... and the second: unknown each
	ret
	.size	odd, .-odd

	.globl	die
	.type	die, @function
die:
	leaq	.Lpool(%rip), %rdi
	call	abort
	# after a call that does not return: still data
.Lpool:
	.quad	0x5555555555555555
	.size	die, .-die

	.align	64
K256:
	.long	0x11111111,0x22222222	# (not SHA-256's: objdump in %compare reads no
	.long	0x33333333,0x44444444	# branch in them)
	.section .note.GNU-stack,"",@progbits
