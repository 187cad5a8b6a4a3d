# A label that straight code runs into names the instruction after it, and
# stays on it: no entry tick between the two.  rr's preload has
# `do_breakpoint_fault_addr:` global, in an asm statement in the middle of
# do_breakpoint; the C code takes its address and hands it to rr, which
# compares it with the ip of a fault.  The image's toolchain put an entry
# tick there, the fault came at the tick's end instead, and every test of
# rr's suite failed at its first replay (flush_syscallbuf: "unexpected
# signal").  A label typed a function, called, or named by hand-written
# code is still an entry where code runs into it; a global label that code
# does not run into is one too, and so is one that opens a frame.
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: FileCheck --check-prefix=STATS %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# RUN: %as --64 %s -o %t.plain.o && %compare %t.plain.o %t.o
# The marker, global and untyped, run into: no tick.
# CHECK: {{^}}	cmove	%rcx,%rsi{{$}}
# CHECK-NEXT: {{^}}	.globl	marker{{$}}
# CHECK-NEXT: {{^}}marker:{{$}}
# CHECK-NEXT: {{^}}	movq	(%rsi),%rsi{{$}}
# Run into through a local label too.
# CHECK: {{^}}.Lbefore:{{$}}
# CHECK-NEXT: {{^}}	.globl	marker2{{$}}
# CHECK-NEXT: {{^}}marker2:{{$}}
# CHECK-NEXT: {{^}}	xorl	%eax,%eax{{$}}
# Typed a function: an entry, run into or not (memmove after __memmove_chk).
# CHECK: {{^}}typed:;testb $0x80
# Called from hand-written code: an entry.
# CHECK: {{^}}called:;testb $0x80
# Its address taken by hand-written code (an indirect jump may come): an entry.
# CHECK: {{^}}taken:;testb $0x80
# Global, after a ret: an entry.
# CHECK: {{^}}after_ret:;testb $0x80
# Run into, but opening a frame (.cfi_startproc): a function starts there.
# CHECK: {{^}}framed:{{$}}
# CHECK-NEXT: {{^}}	.cfi_startproc;testb $0x80
# STATS: entry_ticks=7
	.text
	.globl	f
	.type	f, @function
f:
	movq	(%rdi),%rdi
	cmpq	%rax,%rdi
	cmove	%rcx,%rsi
	.globl	marker
marker:
	movq	(%rsi),%rsi
	xorl	%edi,%edi
	nop
.Lbefore:
	.globl	marker2
marker2:
	xorl	%eax,%eax
	.globl	typed
	.type	typed, @function
typed:
	incl	%eax
	.globl	called
called:
	incl	%eax
	.globl	taken
taken:
	incl	%eax
	ret
	.globl	after_ret
after_ret:
	call	called
	leaq	taken(%rip), %rdx
	ret
	.size	f, .-f
	.globl	g
	.type	g, @function
g:
	.cfi_startproc
	xorl	%eax,%eax
	.cfi_endproc
	.globl	framed
framed:
	.cfi_startproc
	incl	%eax
	ret
	.cfi_endproc
	.section	.note.GNU-stack,"",@progbits
