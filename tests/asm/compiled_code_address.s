# In a compiler's output only the asm statements are searched for code
# addresses computed from a label.  g++ -O2 moves std::function's manager
# and invoker pointers (libstdc++'s std::async, std::packaged_task) into
# XMM registers and packs them with punpcklqdq: read as hand-written code,
# that computes with a code address, and softticks-as refused the file
# with a warning, so every C++ unit using std::async printed one in the
# image and lost the ticks of its asm statements (libstdc++'s testsuite
# counted 25 of 30_threads as "excess errors").  The compiled code's ticks
# came from the pass, placed before any label was; the compiler reaches
# no code at a distance from a label.  Control: the same text without
# --softticks-compiled (no manifest: all of it hand-written) is refused.
# (Here the two functions have no .size; g++'s have one, which exempts a
# label from the search, but its names pass 255 characters, which the
# search cut, so it missed the .size: computed_long_name.s.)
# RUN: %sas --softticks-compiled --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.hand.s %s 2> %t.hand.err
# RUN: FileCheck --check-prefix=HAND %s < %t.hand.err
# STATS-NOT: computed from a label
# STATS: cycle_ticks=1 {{.*}}refused=0
# CHECK: {{^}}	1:;testb $0x80
# HAND: warning: a code address is computed from a label here (leaq	manager(%rip), %rcx)
# HAND: refused=1
	.text
	.globl	manager
	.type	manager, @function
manager:
	xorl	%eax, %eax
	ret
	.globl	invoker
	.type	invoker, @function
invoker:
	xorl	%eax, %eax
	ret
	.globl	make_task
	.type	make_task, @function
make_task:
	leaq	manager(%rip), %rcx
	movq	%rcx, %xmm0
	leaq	invoker(%rip), %rax
	movq	%rax, %xmm1
	punpcklqdq	%xmm1, %xmm0
	movaps	%xmm0, (%rdi)
	movq	%rsi, %rax
#APP
# 12 "task.cc" 1
	1: pause
	decq %rax
	jnz 1b
# 0 "" 2
#NO_APP
	ret
	.size	make_task, .-make_task
	.section	.note.GNU-stack,"",@progbits
