# .pushsection nests deeper than the old fixed stack of 64 (deeper pushes
# were dropped, so the pops came back to the wrong section): after 70
# pushes and 69 pops the code is in .text.__rr_softticks_x again, opted
# out, and its loop does not tick; a.loop, in .text.a, does.
# RUN: %sas --softticks-emit=%t.s %s
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o
# CHECK: {{^}}a:;testb
# CHECK: {{^}}optout:{{$}}
# CHECK-NEXT: {{^}}1:{{[[:space:]]}}
	.section	.text.a,"ax",@progbits
	.globl	a
	.type	a, @function
a:
1:	decq	%rdi
	jnz	1b
	ret
	.pushsection	.text.__rr_softticks_x,"ax",@progbits
	.pushsection	.data.d2,"aw",@progbits
	.quad	2
	.pushsection	.data.d3,"aw",@progbits
	.quad	3
	.pushsection	.data.d4,"aw",@progbits
	.quad	4
	.pushsection	.data.d5,"aw",@progbits
	.quad	5
	.pushsection	.data.d6,"aw",@progbits
	.quad	6
	.pushsection	.data.d7,"aw",@progbits
	.quad	7
	.pushsection	.data.d8,"aw",@progbits
	.quad	8
	.pushsection	.data.d9,"aw",@progbits
	.quad	9
	.pushsection	.data.d10,"aw",@progbits
	.quad	10
	.pushsection	.data.d11,"aw",@progbits
	.quad	11
	.pushsection	.data.d12,"aw",@progbits
	.quad	12
	.pushsection	.data.d13,"aw",@progbits
	.quad	13
	.pushsection	.data.d14,"aw",@progbits
	.quad	14
	.pushsection	.data.d15,"aw",@progbits
	.quad	15
	.pushsection	.data.d16,"aw",@progbits
	.quad	16
	.pushsection	.data.d17,"aw",@progbits
	.quad	17
	.pushsection	.data.d18,"aw",@progbits
	.quad	18
	.pushsection	.data.d19,"aw",@progbits
	.quad	19
	.pushsection	.data.d20,"aw",@progbits
	.quad	20
	.pushsection	.data.d21,"aw",@progbits
	.quad	21
	.pushsection	.data.d22,"aw",@progbits
	.quad	22
	.pushsection	.data.d23,"aw",@progbits
	.quad	23
	.pushsection	.data.d24,"aw",@progbits
	.quad	24
	.pushsection	.data.d25,"aw",@progbits
	.quad	25
	.pushsection	.data.d26,"aw",@progbits
	.quad	26
	.pushsection	.data.d27,"aw",@progbits
	.quad	27
	.pushsection	.data.d28,"aw",@progbits
	.quad	28
	.pushsection	.data.d29,"aw",@progbits
	.quad	29
	.pushsection	.data.d30,"aw",@progbits
	.quad	30
	.pushsection	.data.d31,"aw",@progbits
	.quad	31
	.pushsection	.data.d32,"aw",@progbits
	.quad	32
	.pushsection	.data.d33,"aw",@progbits
	.quad	33
	.pushsection	.data.d34,"aw",@progbits
	.quad	34
	.pushsection	.data.d35,"aw",@progbits
	.quad	35
	.pushsection	.data.d36,"aw",@progbits
	.quad	36
	.pushsection	.data.d37,"aw",@progbits
	.quad	37
	.pushsection	.data.d38,"aw",@progbits
	.quad	38
	.pushsection	.data.d39,"aw",@progbits
	.quad	39
	.pushsection	.data.d40,"aw",@progbits
	.quad	40
	.pushsection	.data.d41,"aw",@progbits
	.quad	41
	.pushsection	.data.d42,"aw",@progbits
	.quad	42
	.pushsection	.data.d43,"aw",@progbits
	.quad	43
	.pushsection	.data.d44,"aw",@progbits
	.quad	44
	.pushsection	.data.d45,"aw",@progbits
	.quad	45
	.pushsection	.data.d46,"aw",@progbits
	.quad	46
	.pushsection	.data.d47,"aw",@progbits
	.quad	47
	.pushsection	.data.d48,"aw",@progbits
	.quad	48
	.pushsection	.data.d49,"aw",@progbits
	.quad	49
	.pushsection	.data.d50,"aw",@progbits
	.quad	50
	.pushsection	.data.d51,"aw",@progbits
	.quad	51
	.pushsection	.data.d52,"aw",@progbits
	.quad	52
	.pushsection	.data.d53,"aw",@progbits
	.quad	53
	.pushsection	.data.d54,"aw",@progbits
	.quad	54
	.pushsection	.data.d55,"aw",@progbits
	.quad	55
	.pushsection	.data.d56,"aw",@progbits
	.quad	56
	.pushsection	.data.d57,"aw",@progbits
	.quad	57
	.pushsection	.data.d58,"aw",@progbits
	.quad	58
	.pushsection	.data.d59,"aw",@progbits
	.quad	59
	.pushsection	.data.d60,"aw",@progbits
	.quad	60
	.pushsection	.data.d61,"aw",@progbits
	.quad	61
	.pushsection	.data.d62,"aw",@progbits
	.quad	62
	.pushsection	.data.d63,"aw",@progbits
	.quad	63
	.pushsection	.data.d64,"aw",@progbits
	.quad	64
	.pushsection	.data.d65,"aw",@progbits
	.quad	65
	.pushsection	.data.d66,"aw",@progbits
	.quad	66
	.pushsection	.data.d67,"aw",@progbits
	.quad	67
	.pushsection	.data.d68,"aw",@progbits
	.quad	68
	.pushsection	.data.d69,"aw",@progbits
	.quad	69
	.pushsection	.data.d70,"aw",@progbits
	.quad	70
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.popsection
	.globl	optout
	.type	optout, @function
optout:
1:	decq	%rdi
	jnz	1b
	ret
	.popsection
