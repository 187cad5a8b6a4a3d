# A tick that only some expansions of a body need is written for those
# only (issue 27, class 4): `_start` runs before the initializer maps the
# page and must not tick (ABI section 8), but the macro it expands closes
# a loop that main_loop's expansion must tick.  gas copies a body's text
# into every expansion, so the tick sits in the body between `.if SYM` and
# `.endif`, and each expansion sets SYM first.  Before, the body's tick
# reached _start too: the program died of SIGSEGV at its first tick.
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>&1 | FileCheck --check-prefix=STATS %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %gcc -B %asbin/ -nostdlib -static -no-pie %s -o %t.exe
# RUN: %tickfree %t.exe
# RUN: %t.exe
# STATS: skipped=2 {{.*}} guarded=1
# CHECK: {{^}}1:;.if .Lsofttick_copy0;testb {{.*}};int3;.endif;{{[[:space:]]*}}dec \reg
# CHECK: {{^}}_start:{{$}}
# CHECK: .set .Lsofttick_copy0, 0;spin %ecx
# CHECK: main_loop:;testb
# CHECK: .set .Lsofttick_copy0, 1;spin %ecx
# A body every expansion ticks in stays unguarded (macro_loop.s).
	.macro spin reg
1:	dec \reg
	jnz 1b
	.endm
	.text
	.globl _start
_start:
	mov $5,%ecx
	spin %ecx
	call __rr_softticks_init   # no C runtime: the initializer by hand
	mov $7,%ecx
	call main_loop
	mov $60,%eax
	xor %edi,%edi
	syscall
	.globl main_loop
	.type main_loop,@function
main_loop:
	spin %ecx
	ret
