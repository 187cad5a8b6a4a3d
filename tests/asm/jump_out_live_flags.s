# Code left by a jump that may leave the file keeps its flags: rr's
# syscall hooks end in `jmp _syscallbuf_final_exit_instruction`, a global
# function that is only `jmp *stub_scratch_1`, back to the patched
# syscall site, which reads the flags the hook's cmpq set.  Its entry tick
# saves them; so does one before a tail jump out of the file that nothing
# before writes.  A return passes no flags (psABI): no save there.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}_syscallbuf_final_exit_instruction:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb{{.*}}int3;add $0x7f,%al;sahf;pop %rax;lea 128(%rsp),%rsp;
# CHECK: {{^}}hook_cmp:;testb
# CHECK: {{^}}tail:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb
# CHECK: {{^}}leaf:;testb
	.text
	.globl	_syscallbuf_final_exit_instruction
	.hidden	_syscallbuf_final_exit_instruction
	.type	_syscallbuf_final_exit_instruction, @function
_syscallbuf_final_exit_instruction:
	jmp	*stub_scratch_1(%rip)

	.globl	hook_cmp
	.type	hook_cmp, @function
hook_cmp:
	call	trampoline
	cmpq	$-4095, %rax
	popq	stub_scratch_1(%rip)
	popq	%rsp
	jmp	_syscallbuf_final_exit_instruction

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
