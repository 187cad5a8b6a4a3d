# Code left by a jump that may leave the file keeps its flags: rr's
# syscall hooks leave by a jump back to the patched syscall site, which
# reads the flags the hook's cmpq set.  An exit of two instructions,
# entered by a jump, saves them at its entry tick; so does a tick before a
# tail jump out of the file that nothing before writes.  A return passes
# no flags (psABI): no save there.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}exit_via_rcx:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb{{.*}}int3;add $0x7f,%al;sahf;pop %rax;lea 128(%rsp),%rsp;
# CHECK: {{^}}hook_cmp:;testb
# CHECK: {{^}}tail:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb
# CHECK: {{^}}leaf:;testb
	.text
	.globl	exit_via_rcx
	.type	exit_via_rcx, @function
exit_via_rcx:
	movq	stub_scratch_1(%rip), %rcx
	jmp	*%rcx

	.globl	hook_cmp
	.type	hook_cmp, @function
hook_cmp:
	call	trampoline
	cmpq	$-4095, %rax
	popq	stub_scratch_1(%rip)
	popq	%rsp
	jmp	exit_via_rcx

	.globl	tail
	.type	tail, @function
tail:
	movq	%rdi, %rax
	jmp	elsewhere

	.globl	leaf
	.type	leaf, @function
leaf:
	movq	%rdi, %rax
	ret

	.bss
stub_scratch_1:
	.zero	8
