; An input that already carries the flag is left as it is.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: module asm
; CHECK-LABEL: define void @f(
; CHECK-NEXT: ret void
define void @f() {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"softticks.instrumented", i32 1}
