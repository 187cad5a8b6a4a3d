# x86 code modes (issue 27, class 4): a tick follows the .code16/.code32/
# .code64 region it lies in.  In a .code32 region of an x86-64 file it is
# the i386 sequence (and the i386 flag save, push %eax); in a .code16
# region there is none (the ABI has no 16-bit sequence): a warning says so
# and the cycle stays open; the module parts go back to .code64.  Before,
# the .code32 loop got `decq` and gas stopped ("only supported in 64-bit
# mode").
# RUN: %sas --softticks-emit=%t.s --softticks-stats %s 2> %t.err
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# RUN: grep -v "^[[:space:]]*#" %t.s | FileCheck %s
# RUN: %as --64 %t.s -o %t.o
# ERR: warning: f16: lies in a .code16 region: no tick
# ERR: cycles_open=3
# CHECK: {{^}}f64:;testb $0x80, 0x70001807;{{.*}};decq 0x70001800;
# CHECK: {{^}}f32:;testb $0x80, 0x70001807;{{.*}};subl $1, 0x70001800;{{.*}};subl $1, 0x70001804;
# CHECK-NEXT: mov $10,%ecx
# CHECK-NEXT: clc
# CHECK-NEXT: {{^}}2:;push %eax;lahf;testb {{.*}};subl $1, 0x70001800;{{.*}};sahf;pop %eax;
# CHECK: {{^}}f16:{{$}}
# CHECK-NEXT: {{^}}3:{{[[:space:]]}}
# CHECK: {{^}}4:;testb {{.*}};decq 0x70001800;
# CHECK: {{^}}h32:
# CHECK-NEXT: {{^}}5:;testb {{.*}};subl $1, 0x70001800;
# CHECK: {{^}}	ret
# CHECK-NEXT: .code64
# CHECK-NEXT: .pushsection .text.__rr_softticks_init
	.text
	.globl f64
	.type f64,@function
f64:
	mov $10,%ecx
1:	dec %ecx
	jnz 1b
	ret
	.code32
	.globl f32
	.type f32,@function
f32:
	mov $10,%ecx
	clc
2:	adc %eax,%eax
	dec %ecx
	jnz 2b
	ret
	.code16
	.globl f16
f16:
3:	dec %cx
	jnz 3b
	ret
	.code64
g64:
4:	dec %ecx
	jnz 4b
	ret
	.code32
h32:
5:	dec %ecx
	jnz 5b
	ret
