# Branches relative to the location counter (`loop .`, `jnz .-2`): their
# target is a distance in bytes that a tick in between would change, and
# no tick can go between `loop .` and itself.  Only their functions are
# left alone, loudly; the rest of the file ticks (issue 27, class 3: the
# whole file was refused).
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %s -o %t.plain.o && %as --64 %t.s -o %t.o && %compare %t.plain.o %t.o
# WARN: location_branch.s:[[#@LINE+13]]: softticks-as: warning: branch relative to the location counter (loop	.): function spin is not instrumented
# WARN: location_branch.s:[[#@LINE+27]]: softticks-as: warning: branch relative to the location counter (jnz	.-2): function back2 is not instrumented
# WARN: cycles_found=1 {{.*}} skipped=2 {{.*}} refused=0
# CHECK: {{^}}spin:{{$}}
# CHECK: {{^}}counted:;testb
# CHECK: {{^}}1:;testb
# CHECK: {{^}}back2:{{$}}
# CHECK-NOT: testb
	.text
	.globl	spin
	.type	spin, @function
spin:
	movl	$100, %ecx
	loop	.
	ret
	.size	spin, .-spin
	.globl	counted
	.type	counted, @function
counted:
1:	decq	%rdi
	jnz	1b
	ret
	.size	counted, .-counted
	.globl	back2
	.type	back2, @function
back2:
	movl	$100, %ecx
	decl	%ecx
	jnz	.-2
	ret
	.size	back2, .-back2
