	.text
f:
	movq %nosuch, %rax
