# A function whose first instruction leaves it (a return, an indirect
# jump, a jump out of the file) gets no entry tick: nothing of it can run
# twice without leaving it, and a tracer may emulate that lone exit (rr
# steps over `_syscallbuf_final_exit_instruction` by emulating its jump
# while recording, not while replaying).  A first instruction that falls
# through, or a lone exit that is also a cycle's head, still ticks.
# RUN: %sas --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}_syscallbuf_final_exit_instruction:{{$}}
# CHECK: {{^}}empty:{{$}}
# CHECK: {{^}}thunk:{{$}}
# CHECK-NEXT: {{^}}.Lthunk_body:{{$}}
# CHECK: {{^}}not_lone:;testb
# CHECK: {{^}}internal:;testb
# CHECK: {{^}}loop:;testb
# CHECK: {{^}}.Lhead:;{{.*}}testb
# STATS: ticks=4 entry_ticks=3 cycle_ticks=1 {{.*}} lone_exits=3
	.text
	.globl	_syscallbuf_final_exit_instruction
	.type	_syscallbuf_final_exit_instruction, @function
_syscallbuf_final_exit_instruction:
	jmp	*stub_scratch_1(%rip)

	.globl	empty
	.type	empty, @function
empty:
	ret

	.globl	thunk
	.type	thunk, @function
thunk:
.Lthunk_body:
	jmp	elsewhere@PLT

	.globl	not_lone
	.type	not_lone, @function
not_lone:
	movq	%rdi, %rax
	ret

# A jump within the file is no exit: internal ticks.
	.globl	internal
	.type	internal, @function
internal:
	jmp	not_lone

	.globl	loop
	.type	loop, @function
loop:
	decq	%rdi
.Lhead:
	jz	.Lout
	decq	%rdi
	jmp	.Lhead
.Lout:
	ret

	.bss
stub_scratch_1:
	.zero	8
