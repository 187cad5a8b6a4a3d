; LTO pre-link pipelines (the module flags clang adds for -flto=thin and
; -flto) are not instrumented: the link-time pipeline does it.  The module
; gets the owner marker (one linkonce_odr byte in its COMDAT, kept by
; llvm.compiler.used) and keeps no other trace.
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='thinlto-pre-link<O0>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto-pre-link<O0>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; CHECK-NOT: module asm
; CHECK: $__rr_softticks_lto_owner = comdat any
; CHECK: @__rr_softticks_lto_owner = linkonce_odr hidden constant i8 0, comdat
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_lto_owner]
; CHECK-LABEL: define void @f(
; CHECK-NOT: asm sideeffect
; CHECK-NOT: softticks.instrumented
; CHECK-NOT: softticks.lto_prelink
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
