/* Hand-written x86-64 loops for softticks-as's machine-code proof (after
 * cpp, as gcc gives .S files to the assembler): a counted loop, an adc
 * chain carried across its loop head, a jump-table interpreter loop, a
 * loop written by a macro, a .rept-unrolled loop, a loop through a cold
 * section and a nested loop.  main.c calls each. */
#define ENTRY(name) .globl name; .type name, @function; name:
#define END(name) .size name, .-name

	.text
/* long sum(const long *p, long n) */
ENTRY(sum)
	xorl	%eax, %eax
	testq	%rsi, %rsi
	jle	2f
1:	addq	(%rdi), %rax
	addq	$8, %rdi
	decq	%rsi
	jnz	1b
2:	ret
END(sum)

/* unsigned long add_n(unsigned long *r, const unsigned long *a,
 *                     const unsigned long *b, long n): carry out */
ENTRY(add_n)
	xorl	%eax, %eax	/* CF = 0 */
1:	movq	(%rsi,%rax,8), %r8
	adcq	(%rdx,%rax,8), %r8
	movq	%r8, (%rdi,%rax,8)
	leaq	1(%rax), %rax	/* keeps CF */
	decq	%rcx		/* keeps CF */
	jnz	1b
	setc	%al
	movzbl	%al, %eax
	ret
END(add_n)

/* long interp(const unsigned char *ops): 0 add 3, 1 double, 2 subtract 1,
 * 3 stop; through a jump table */
ENTRY(interp)
	xorl	%eax, %eax
.Lnext:
	movzbl	(%rdi), %ecx
	incq	%rdi
	leaq	.Ltable(%rip), %rdx
	movslq	(%rdx,%rcx,4), %rcx
	addq	%rdx, %rcx
	jmp	*%rcx
.Lop_add:
	addq	$3, %rax
	jmp	.Lnext
.Lop_double:
	addq	%rax, %rax
	jmp	.Lnext
.Lop_sub:
	decq	%rax
	jmp	.Lnext
.Lop_stop:
	ret
END(interp)
	.section .rodata
	.p2align 2
.Ltable:
	.long	.Lop_add - .Ltable
	.long	.Lop_double - .Ltable
	.long	.Lop_sub - .Ltable
	.long	.Lop_stop - .Ltable
	.text

	.macro	XORSHIFT_LOOP reg, count
	movq	\count, %rcx
.Lxs\@:
	movq	\reg, %rdx
	shlq	$13, %rdx
	xorq	%rdx, \reg
	movq	\reg, %rdx
	shrq	$7, %rdx
	xorq	%rdx, \reg
	decq	%rcx
	jnz	.Lxs\@
	.endm

/* unsigned long mix(unsigned long x, long n) */
ENTRY(mix)
	movq	%rdi, %rax
	XORSHIFT_LOOP %rax, %rsi
	XORSHIFT_LOOP %rax, $3
	ret
END(mix)

/* long sum4(const long *p, long n4): four at a time, unrolled by .rept */
ENTRY(sum4)
	xorl	%eax, %eax
1:
	.rept 4
	addq	(%rdi), %rax
	addq	$8, %rdi
	.endr
	decq	%rsi
	jnz	1b
	ret
END(sum4)

/* long odd_even(long n): a loop whose odd steps go through .text.unlikely */
ENTRY(odd_even)
	xorl	%eax, %eax
.Loe_loop:
	testq	%rdi, %rdi
	jz	.Loe_done
	testq	$1, %rdi
	jnz	.Loe_cold
	addq	$2, %rax
.Loe_back:
	decq	%rdi
	jmp	.Loe_loop
.Loe_done:
	ret
	.pushsection .text.unlikely,"ax",@progbits
.Loe_cold:
	addq	$5, %rax
	jmp	.Loe_back
	.popsection
END(odd_even)

/* long tri(long n): sum over i < n of sum over j < i of 1, nested */
ENTRY(tri)
	xorl	%eax, %eax
	xorl	%ecx, %ecx
.Ltri_outer:
	cmpq	%rdi, %rcx
	jge	.Ltri_done
	xorl	%edx, %edx
.Ltri_inner:
	cmpq	%rcx, %rdx
	jge	.Ltri_next
	incq	%rax
	incq	%rdx
	jmp	.Ltri_inner
.Ltri_next:
	incq	%rcx
	jmp	.Ltri_outer
.Ltri_done:
	ret
END(tri)
	.section .note.GNU-stack,"",@progbits
