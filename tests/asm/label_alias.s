# Two names for one entry (issue 27: OpenSSL's aes-x86_64 writes
# `asm_AES_cbc_encrypt: AES_cbc_encrypt: .cfi_startproc endbr64`): the
# tick goes after the last label of the run, after its .cfi_startproc and
# its endbr64, once.  Before, the first name ticked between the two labels:
# outside the frame, before the landing pad (an indirect entry by that name
# met no endbr64 first), and an entry by it passed two ticks.  Without a
# landing pad each label keeps its own tick right after it (g: a tick after
# the second would fall inside what `.Lg_end - .Lg_body` would measure).
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# CHECK: {{^}}asm_f:{{$}}
# CHECK-NEXT: {{^}}f:{{$}}
# CHECK-NEXT: {{^}}.cfi_startproc{{$}}
# CHECK-NEXT: {{^}}	.byte	243,15,30,250;testb $0x80
# CHECK-NEXT: {{^}}	movl	$3,%ecx{{$}}
# CHECK-NEXT: {{^}}.Lhead:;testb $0x80
# CHECK-NEXT: {{^}}	decl	%ecx{{$}}
# CHECK: {{^}}g:;testb $0x80
# CHECK-NEXT: {{^}}.Lg_body:;testb $0x80
# CHECK-NEXT: {{^}}	movl	$1,%eax{{$}}
# CHECK-NEXT: {{^}}.Lg_end:{{$}}
# STATS: ticks=4 entry_ticks=2 cycle_ticks=2
	.text
	.globl	asm_f
	.hidden	asm_f
	.globl	f
	.type	f,@function
	.align	16
asm_f:
f:
.cfi_startproc
	.byte	243,15,30,250
	movl	$3,%ecx
.Lhead:
	decl	%ecx
	jnz	.Lhead
	.byte	0xf3,0xc3
.cfi_endproc
	.size	f,.-f

	.globl	g
	.type	g,@function
g:
.Lg_body:
	movl	$1,%eax
.Lg_end:
	decl	%ecx
	jnz	.Lg_body
	ret
	.size	g,.-g
	.section .note.GNU-stack,"",@progbits
