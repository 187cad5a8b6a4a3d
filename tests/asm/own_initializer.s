# A hand-instrumented unit that carries the ABI's initializer group itself
# (rr's tests spell it out: abi/ABI.md section 8): softticks-as appends no
# second group (ST_PARTS_OWN_INITIALIZER, common/asm_definition.c, as the
# plugins do), still ticks its loop and adds its manifest.  Before, gas
# stopped: symbol `__rr_softticks_init' is already defined.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -c "^__rr_softticks_init:" %t.s | FileCheck --check-prefix=ONE %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %gcc -B %asbin/ %s -o %t.exe
# RUN: %t.exe
# RUN: readelf -n %t.exe | grep -c "^ *rr " | FileCheck --check-prefix=ONE %s
# RUN: nm %t.exe | grep -c " __rr_softticks_init$" | FileCheck --check-prefix=ONE %s
# ONE: {{^1$}}
# CHECK: {{^}}1:;testb
# CHECK: .note.softticks.manifest
	.text
	.globl main
	.type main,@function
main:
	mov $1000,%ecx
1:	dec %ecx
	jnz 1b
	xor %eax,%eax
	ret
	.size main, .-main

	.section .text.__rr_softticks_init, "axG", @progbits, __rr_softticks_init, comdat
	.globl  __rr_softticks_init
	.hidden __rr_softticks_init
	.type   __rr_softticks_init, @function
__rr_softticks_init:  # mmap(page, 4096, RW, PRIVATE|ANONYMOUS|FIXED_NOREPLACE, -1, 0)
	movl $9, %eax; movl $0x70001000, %edi; movl $4096, %esi; movl $3, %edx
	movl $0x100022, %r10d; movq $-1, %r8; xorl %r9d, %r9d
	syscall          /* EEXIST under a tracer: nothing to do */
	ret
	.size __rr_softticks_init, . - __rr_softticks_init
	.previous
	.section .init_array.00001, "awG", @init_array, __rr_softticks_init, comdat
	.align 8
	.quad __rr_softticks_init
	.previous
	.section .note.rrsoftticks, "aG", @note, __rr_softticks_init, comdat
	.align 4
	.long 3, 4, 1
	.asciz "rr"
	.align 4
	.long 1
	.previous
