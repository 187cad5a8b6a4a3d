# A loop in hand-written assembly: softticks-as ticks it and appends the
# module parts (mc_musl.sh).
	.text
	.globl count_down
	.type count_down,@function
count_down:
	xor %eax,%eax
1:	add %rdi,%rax
	dec %rdi
	jnz 1b
	ret
	.size count_down, .-count_down
	.section .note.GNU-stack,"",@progbits
