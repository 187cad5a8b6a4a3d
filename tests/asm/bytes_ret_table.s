# A table after a ret written as bytes (OpenSSL's `.byte 0xf3,0xc3`, rep
# ret) is no code: the ret does not fall through into it (cfg.c,
# data_in_flow).  Its entries would decode as branches (e2 71 loop, 71 93
# jno; bytes_branch.s): counted as code (main counted them so, as the
# floor, harmless while bytes never decoded as branches) they would leave
# tab alone with a false "branch relative to the location counter"
# (OpenSSL's aes-x86_64.s: AES_cbc_encrypt, before .LAES_Te).
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2>%t.err
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# WARN-NOT: warning
# WARN: cycles_found=1 {{.*}} skipped=0 {{.*}} refused=0
# CHECK: {{^}}tab:;testb
# CHECK: {{^}}1:;testb
# CHECK: {{^}}.Ltab:
# CHECK-NEXT: .long	0x937171e2, 0x937171e2{{$}}
	.text
	.globl	tab
	.type	tab, @function
tab:
	leaq	.Ltab(%rip), %rax
1:	decq	%rdi
	jnz	1b
	.byte	0xf3, 0xc3		# rep ret
	.size	tab, .-tab
	.align	64
.Ltab:
	.long	0x937171e2, 0x937171e2
	.section .note.GNU-stack,"",@progbits
