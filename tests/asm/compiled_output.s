# --softticks-compiled (what the image's gcc passes for its compiler's
# output): the pass placed the ticks, so even without the manifest (a unit
# whose functions all opted out: no_instrument_function) only the loop of
# the inline asm (spin) ticks, not the compiler's own loop (sum); that tick
# brings the module parts, which no plugin wrote.  Without the option the
# compiler's loop ticks too.
# RUN: %sas --softticks-compiled --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %sas --softticks-emit=%t.all.s %s
# RUN: grep -v "^[[:space:]]*#" %t.all.s | FileCheck %s --check-prefix=ALL
# CHECK: {{^}}sum:{{$}}
# CHECK-NEXT: endbr64
# CHECK-NEXT: xorl
# CHECK: {{^}}.L3:{{$}}
# CHECK-NEXT: addl
# CHECK: {{^}}spin:{{$}}
# CHECK: 1:;testb
# CHECK-NOT: testb
# CHECK: __rr_softticks_init
# ALL: {{^}}.L3:;{{.*}}testb
	.text
	.globl	sum
	.type	sum, @function
sum:
	endbr64
	xorl	%eax, %eax
	testl	%esi, %esi
	jle	.L1
.L3:
	addl	(%rdi), %eax
	addq	$4, %rdi
	decl	%esi
	jnz	.L3
.L1:
	ret
	.size	sum, .-sum
	.globl	spin
	.type	spin, @function
spin:
	endbr64
	movq	%rdi, %rax
#APP
# 9 "sum.c" 1
	1: pause
	decq %rax
	jnz 1b
# 0 "" 2
#NO_APP
	ret
	.size	spin, .-spin
	.section	.note.GNU-stack,"",@progbits
