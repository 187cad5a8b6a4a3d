; Full LTO: at the end of the link-time pipeline
; (FullLinkTimeOptimizationLast, LLVM >= 17).
; REQUIRES: llvm-17+
; RUN: opt %loadplugin -passes='lto<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto<O0>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

$__rr_softticks_lto_owner = comdat any
@__rr_softticks_lto_owner = linkonce_odr hidden constant i8 0, comdat
@llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_lto_owner], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-LABEL: define {{.*}}void @f(
; CHECK: call void asm sideeffect "testb $$0x80
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ThinLTO", i32 0}
