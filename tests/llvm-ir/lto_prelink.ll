; LTO pre-link pipelines (the module flags clang adds for -flto=thin and
; -flto) are not instrumented: the link-time pipeline does it.  The module
; gets the LTO unit flag and the LTO claim (a hidden linkonce_odr
; __rr_softticks_init, kept by llvm.compiler.used, whose body an empty asm
; statement keeps from ever looking free of effects) and no other trace.
; REQUIRES: llvm-15+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='thinlto-pre-link<O0>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto-pre-link<O0>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; CHECK-NOT: module asm
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_init]
; CHECK-LABEL: define void @f(
; CHECK-NOT: asm sideeffect
; CHECK: ret void
; CHECK: define linkonce_odr hidden void @__rr_softticks_init() [[CLAIM:#[0-9]+]] {
; CHECK-NEXT: call void asm sideeffect "", ""()
; CHECK-NEXT: ret void
; CHECK: attributes [[CLAIM]] = { noinline nounwind "softticks-lto-claim" }
; CHECK-NOT: softticks.instrumented
; CHECK-NOT: softticks.lto_prelink
; CHECK: !{i32 7, !"softticks.lto_unit", i32 1}
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
