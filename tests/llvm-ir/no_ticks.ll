; A module without a tick gets no initializer, note or manifest (only the
; flag).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: module asm
; CHECK: declare void @decl()
; CHECK: !{i32 7, !"softticks.instrumented", i32 1}
declare void @decl()

define available_externally void @ae() {
  ret void
}
