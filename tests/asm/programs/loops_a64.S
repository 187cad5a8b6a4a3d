/* Hand-written aarch64 loops for softticks-as's machine-code proof: a
 * counted loop, a loop that keeps a value in x17 across its head (the
 * tick must save it), a byte jump table (GCC's switch form) in a loop, a
 * loop written by a macro and a nested loop.  main_a64.c calls each. */
#define ENTRY(name) .globl name; .type name, %function; name: bti c
#define END(name) .size name, .-name

	.text
/* long sum(const long *p, long n) */
ENTRY(sum)
	mov	x2, 0
	cbz	x1, 2f
1:	ldr	x3, [x0], 8
	add	x2, x2, x3
	subs	x1, x1, #1
	b.ne	1b
2:	mov	x0, x2
	ret
END(sum)

/* long scale17(long x, long n): x17 holds x through the loop */
ENTRY(scale17)
	mov	x17, x0
	mov	x0, 0
	cbz	x1, 2f
1:	add	x0, x0, x17
	subs	x1, x1, #1
	b.ne	1b
2:	ret
END(scale17)

/* long interp(const unsigned char *ops): 0 add 3, 1 double, 2 stop */
ENTRY(interp)
	mov	x1, x0
	mov	x0, 0
	adrp	x3, .Ltab
	add	x3, x3, :lo12:.Ltab
.Lnext:
	ldrb	w2, [x1], 1
	ldrb	w4, [x3, w2, uxtw]
	adr	x5, .Lrtx
	add	x4, x5, w4, sxtb #2
	br	x4
.Lrtx:
.Lop_add:
	bti	j
	add	x0, x0, 3
	b	.Lnext
.Lop_double:
	bti	j
	add	x0, x0, x0
	b	.Lnext
.Lop_stop:
	bti	j
	ret
END(interp)
	.section .rodata
.Ltab:
	.byte	(.Lop_add - .Lrtx) / 4
	.byte	(.Lop_double - .Lrtx) / 4
	.byte	(.Lop_stop - .Lrtx) / 4
	.text

	.macro	XORSHIFT_LOOP reg, count
	mov	x9, \count
.Lxs\@:
	eor	\reg, \reg, \reg, lsl 13
	eor	\reg, \reg, \reg, lsr 7
	subs	x9, x9, 1
	b.ne	.Lxs\@
	.endm

/* unsigned long mix(unsigned long x, long n), n > 0 */
ENTRY(mix)
	XORSHIFT_LOOP x0, x1
	XORSHIFT_LOOP x0, 3
	ret
END(mix)

/* long tri(long n) */
ENTRY(tri)
	mov	x1, 0
	mov	x2, 0
.Louter:
	cmp	x2, x0
	b.ge	.Ldone
	mov	x3, 0
.Linner:
	cmp	x3, x2
	b.ge	.Lnext_outer
	add	x1, x1, 1
	add	x3, x3, 1
	b	.Linner
.Lnext_outer:
	add	x2, x2, 1
	b	.Louter
.Ldone:
	mov	x0, x1
	ret
END(tri)
	.section .note.GNU-stack,"",%progbits
