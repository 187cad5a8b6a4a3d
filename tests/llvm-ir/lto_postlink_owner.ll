; ThinLTO post-link backend of the module that kept the owner marker's
; definition: instruments, emits the initializer and notes, drops the
; marker.
; RUN: opt %loadplugin -passes='thinlto<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

$__rr_softticks_lto_owner = comdat any
@__rr_softticks_lto_owner = linkonce_odr hidden constant i8 0, comdat
@llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_lto_owner], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-NOT: __rr_softticks_lto_owner =
; CHECK-NOT: llvm.compiler.used
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
; CHECK: softticks.instrumented
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
