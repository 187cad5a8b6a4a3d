; Full LTO: at the end of the link-time pipeline
; (FullLinkTimeOptimizationLast, LLVM >= 17), the merged module holds the
; prevailing LTO claim: it emits the initializer and notes.
; REQUIRES: llvm-17+
; RUN: opt %loadplugin -passes='lto<O2>' -S %s | FileCheck %s
; RUN: opt %loadplugin -passes='lto<O0>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_init], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-LABEL: define {{.*}}void @f(
; CHECK: call void asm sideeffect "testb $$0x80
; CHECK-NOT: softticks-lto-claim
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

define linkonce_odr hidden void @__rr_softticks_init() #0 {
  call void asm sideeffect "", ""()
  ret void
}
attributes #0 = { noinline nounwind "softticks-lto-claim" }

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"ThinLTO", i32 0}
!1 = !{i32 7, !"softticks.lto_unit", i32 1}
