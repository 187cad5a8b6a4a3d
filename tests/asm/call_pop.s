# A call with arguments on the stack (`push %rax` before it, `popq %rax;
# popq %rdx` after: gcc -O2, rr's GdbServer.cc) whose labels before and
# after are named in .gcc_except_table and so tick: the push and pops
# next to the ticks are the program's.  compare_insns.py took them for a
# flag save and its restore (there were none) and reported a difference.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}.LEHB0:;testb {{.*}}int3;{{$}}
# CHECK: {{^}}.LEHE0:;testb {{.*}}int3;{{$}}
# CHECK-NEXT: popq %rax
	.text
	.globl	here
	.type	here, @function
here:
	pushq	$0
	pushq	%rax
.LEHB0:
	call	there@PLT
.LEHE0:
	popq	%rax
	popq	%rdx
	ret
	.size	here, .-here
	.section	.gcc_except_table,"a",@progbits
	.uleb128	.LEHB0-here
	.uleb128	.LEHE0-.LEHB0
