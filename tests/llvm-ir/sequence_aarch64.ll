; The aarch64 tick, exactly: 32 bytes, clobbers x16 and x17 only (not the
; flags, not memory).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s --check-prefix=ASM
target triple = "aarch64-unknown-linux-gnu"

define void @f() {
; CHECK-LABEL: define void @f()
; CHECK-NEXT: call void asm sideeffect "movz x16, #0x7001, lsl #16\0A\09ldr x17, [x16, #0x800]\0A\09tbnz x17, #63, 1f\0A\09sub x17, x17, #1\0A\09str x17, [x16, #0x800]\0A\09cbnz x17, 1f\0A\09brk #0x5354\0A1: mov x17, xzr\0A", "~{x16},~{x17}"() #[[ATTR:[0-9]+]]
; CHECK-NEXT: ret void
  ret void
}

; CHECK: attributes #[[ATTR]] = { nounwind }

; ASM: module asm "__rr_softticks_init:"
; ASM: module asm "{{.*}}.note.rrsoftticks,\22aG\22,%note,__rr_softticks_init,comdat"
