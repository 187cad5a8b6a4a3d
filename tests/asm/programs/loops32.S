/* Hand-written i386 loops for softticks-as's machine-code proof: a counted
 * loop, an adc chain carried across its loop head (cdecl arguments on the
 * stack), a jump-table interpreter loop and a nested loop.  main32.c
 * calls each. */
#define ENTRY(name) .globl name; .type name, @function; name:
#define END(name) .size name, .-name

	.text
/* long sum32(const long *p, long n) */
ENTRY(sum32)
	movl	4(%esp), %edx
	movl	8(%esp), %ecx
	xorl	%eax, %eax
	testl	%ecx, %ecx
	jle	2f
1:	addl	(%edx), %eax
	addl	$4, %edx
	decl	%ecx
	jnz	1b
2:	ret
END(sum32)

/* unsigned add_n32(unsigned *r, const unsigned *a, const unsigned *b, long n) */
ENTRY(add_n32)
	pushl	%esi
	pushl	%edi
	pushl	%ebx
	movl	16(%esp), %edi
	movl	20(%esp), %esi
	movl	24(%esp), %ebx
	movl	28(%esp), %ecx
	xorl	%edx, %edx	/* index; CF = 0 */
1:	movl	(%esi,%edx,4), %eax
	adcl	(%ebx,%edx,4), %eax
	movl	%eax, (%edi,%edx,4)
	leal	1(%edx), %edx	/* keeps CF */
	decl	%ecx		/* keeps CF */
	jnz	1b
	setc	%al
	movzbl	%al, %eax
	popl	%ebx
	popl	%edi
	popl	%esi
	ret
END(add_n32)

/* long interp32(const unsigned char *ops): 0 add 3, 1 double, 2 stop */
ENTRY(interp32)
	movl	4(%esp), %edx
	xorl	%eax, %eax
.Lnext:
	movzbl	(%edx), %ecx
	incl	%edx
	cmpl	$1, %ecx
	jb	.Lop_add
	je	.Lop_double
	ret
.Lop_add:
	addl	$3, %eax
	jmp	.Lnext
.Lop_double:
	addl	%eax, %eax
	jmp	.Lnext
END(interp32)

/* long tri32(long n) */
ENTRY(tri32)
	movl	4(%esp), %edx
	pushl	%ebx
	xorl	%eax, %eax
	xorl	%ecx, %ecx
.Louter:
	cmpl	%edx, %ecx
	jge	.Ldone
	xorl	%ebx, %ebx
.Linner:
	cmpl	%ecx, %ebx
	jge	.Lnext_outer
	incl	%eax
	incl	%ebx
	jmp	.Linner
.Lnext_outer:
	incl	%ecx
	jmp	.Louter
.Ldone:
	popl	%ebx
	ret
END(tri32)
	.section .note.GNU-stack,"",@progbits
