# --softticks-emit to something that is not a regular file (a pipe, as
# /dev/null is a device): written through, never replaced by a regular
# file (a rename over /dev/null did that to the whole machine's).
# RUN: rm -f %t.fifo %t.out && mkfifo %t.fifo
# RUN: timeout 20 cat %t.fifo > %t.out & %sas --softticks-emit=%t.fifo %s; wait
# RUN: test -p %t.fifo
# RUN: FileCheck %s < %t.out
# CHECK: f:
# CHECK: testb
	.text
	.globl f
	.type f, @function
f:
	xorl	%eax, %eax
	ret
	.size f, .-f
