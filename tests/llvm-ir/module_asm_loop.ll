; File-scope asm is instrumented as softticks-as instruments a file: its
; functions' entries and its cycles tick; the pass's own parts follow it
; (not instrumented), and the module gets them because of those ticks
; alone (no IR function here).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks -softticks-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "x86_64-unknown-linux-gnu"

module asm ".text"
module asm ".globl loop5"
module asm ".type loop5, @function"
module asm "loop5:"
module asm "\09mov %edi, %ecx"
module asm "1:\09add $5, %eax"
module asm "\09dec %ecx"
module asm "\09jnz 1b"
module asm "\09ret"
module asm ".size loop5, .-loop5"

; CHECK: module asm ".text"
; CHECK-NEXT: module asm ".globl loop5"
; CHECK-NEXT: module asm ".type loop5, @function"
; CHECK-NEXT: module asm "loop5:;testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;"
; CHECK-NEXT: module asm "\09mov %edi, %ecx"
; CHECK-NEXT: module asm "1:;testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;\09add $5, %eax"
; CHECK-NEXT: module asm "\09dec %ecx"
; CHECK-NEXT: module asm "\09jnz 1b"
; CHECK-NEXT: module asm "\09ret"
; CHECK-NEXT: module asm ".size loop5, .-loop5"
; CHECK-NEXT: module asm "# softticks: compiled by an instrumenting pass
; CHECK-NOT: int3;
; CHECK: module asm "__rr_softticks_init:"

; STATS: softticks: {{.*}}module_asm_loop.ll: 2 ticks in 0 functions; 2 of them in assembly (0 inline asm statements, 2 in module asm)
