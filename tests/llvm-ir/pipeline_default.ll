; Registered at the end of the default pipelines, at every level including
; -O0 (OptimizerLast runs there on LLVM 14 and 19).
; RUN: opt %loadplugin -passes='default<O0>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='default<O1>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='default<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='default<O3>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='default<Os>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
; CHECK: softticks.instrumented
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}
