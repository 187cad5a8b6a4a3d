; A module the pass has processed carries "softticks.instrumented" and is
; never instrumented again: a second run adds no tick and no module asm.
; RUN: opt %loadplugin -passes=softticks,softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks,verify -S %s -o %t.once.ll
; RUN: opt %loadplugin -passes=softticks,verify -S %t.once.ll | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK: module asm "__rr_softticks_init:"
; CHECK-NOT: module asm "__rr_softticks_init:"
; CHECK-LABEL: define void @f(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: ret void
define void @f() {
  ret void
}
; CHECK-NOT: asm sideeffect
; CHECK: !{i32 7, !"softticks.instrumented", i32 1}
