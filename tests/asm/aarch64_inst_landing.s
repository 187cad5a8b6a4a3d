# aarch64: a landing pad written as a word (`.inst 0xd503233f` for
# paciasp, as OpenSSL's arm64 perlasm writes it for old assemblers; a
# 4-byte `.word`) or as `hint #36` (bti j) keeps the entry tick after it:
# the words are decoded against binutils' opcode table
# (asm/aarch64_insn_table.inc).  Before, a word was of unknown effect and
# the tick went in front of the landing pad, where a BTI-guarded indirect
# branch faults.
# REQUIRES: aarch64
# RUN: %sas --softticks-arch=aarch64 --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*//" %t.s | FileCheck %s
# RUN: %as_a64 %t.s -o %t.o && %tickfree_a64 %t.o
# RUN: %as_a64 %s -o %t.plain.o && %compare_a64 %t.plain.o %t.o
# CHECK: {{^}}pac:{{$}}
# CHECK-NEXT: {{^}}	.inst	0xd503233f;{{.*}}movz x16
# CHECK: {{^}}btij:{{$}}
# CHECK-NEXT: {{^}}	hint	#36;movz x16
# CHECK: {{^}}word:{{$}}
# CHECK-NEXT: {{^}}	.word	0xd503245f;{{.*}}movz x16
	.text
	.globl	pac
	.type	pac, %function
pac:
	.inst	0xd503233f		// paciasp
	stp	x29, x30, [sp, #-16]!
	ldp	x29, x30, [sp], #16
	.inst	0xd50323bf		// autiasp
	ret
	.size	pac, .-pac
	.globl	btij
	.type	btij, %function
btij:
	hint	#36			// bti j
	ret
	.size	btij, .-btij
	.globl	word
	.type	word, %function
word:
	.word	0xd503245f		// bti c
	ret
	.size	word, .-word
