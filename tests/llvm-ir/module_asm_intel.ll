; Under clang -masm=intel (-x86-asm-syntax=intel) the module asm is read
; in Intel syntax from its start (TickTarget.cpp's IntelSyntax): its
; function's entry and loop tick, in AT&T between the header's switches
; (module asm is plain text, where `$` can be written), and the mode
; after each tick is Intel again.  Before, it was left without ticks.
; RUN: opt -x86-asm-syntax=intel %loadplugin -passes=softticks,verify -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN --allow-empty < %t.err
; RUN: opt -x86-asm-syntax=intel %loadplugin -passes=softticks,verify %s -o %t.bc
; RUN: llc %linkopts -x86-asm-syntax=intel %t.bc -filetype=obj -o %t.o
; RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl spin3"
module asm "spin3: mov ecx, edi"
module asm ".Ls3: add eax, 5"
module asm "dec ecx"
module asm "jnz .Ls3"
module asm "ret"

; CHECK: module asm ".globl spin3"
; CHECK-NEXT: module asm "spin3:;\09.att_syntax;testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;\09.intel_syntax noprefix; mov ecx, edi"
; CHECK-NEXT: module asm ".Ls3:;\09.att_syntax;testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;\09.intel_syntax noprefix; add eax, 5"
; CHECK-NEXT: module asm "dec ecx"
; CHECK-NEXT: module asm "jnz .Ls3"

; WARN-NOT: softticks

; OBJ-LABEL: <spin3>:
; OBJ-NEXT: f6 04 25 07 18 00 70 80
; OBJ: 89 f9
; OBJ-NEXT: f6 04 25 07 18 00 70 80
; OBJ-NEXT: 75 0b
; OBJ-NEXT: 48 ff 0c 25 00 18 00 70
; OBJ-NEXT: 75 01
; OBJ-NEXT: cc
; OBJ-NEXT: 83 c0 05
