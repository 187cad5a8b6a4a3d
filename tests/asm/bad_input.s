# Input it cannot read: a clear error with the line, exit 1, no output.
# RUN: rm -f %t.s
# RUN: not %sas --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: not test -e %t.s
# CHECK: bad_input.s:[[#@LINE+3]]: softticks-as: cannot instrument: repetition without .endr
	.text
f:
	.rept 3
	nop
