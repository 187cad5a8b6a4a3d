; aarch64: the tick clobbers x16 and x17.  They count as live unless the
; statement clobbers both (an operand may sit in one of them, which the
; text does not show): then the tick saves them (stp/ldp).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "aarch64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @saved(
; CHECK: asm sideeffect "1:;stp x16, x17, [sp, #-16]!;movz x16, #0x7001, lsl #16;ldr x17, [x16, #0x800];tbnz x17, #63, 5354100f;sub x17, x17, #1;str x17, [x16, #0x800];cbnz x17, 5354100f;brk #0x5354;5354100: mov x17, xzr;ldp x16, x17, [sp], #16; subs $0, $0, #1; b.ne 1b", "=r,0"(i64 %n)
define i64 @saved(i64 %n) {
entry:
  %r = call i64 asm sideeffect "1: subs $0, $0, #1; b.ne 1b", "=r,0"(i64 %n)
  ret i64 %r
}

; CHECK-LABEL: define i64 @clobbered(
; CHECK: asm sideeffect "1:;movz x16, #0x7001, lsl #16;ldr x17, [x16, #0x800];tbnz x17, #63, 5354100f;sub x17, x17, #1;str x17, [x16, #0x800];cbnz x17, 5354100f;brk #0x5354;5354100: mov x17, xzr; subs $0, $0, #1; b.ne 1b", "=r,0,~{x16},~{x17}"(i64 %n)
define i64 @clobbered(i64 %n) {
entry:
  %r = call i64 asm sideeffect "1: subs $0, $0, #1; b.ne 1b", "=r,0,~{x16},~{x17}"(i64 %n)
  ret i64 %r
}
