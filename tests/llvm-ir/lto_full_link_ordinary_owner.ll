; Full LTO where an ordinary instrumented object of the link defines the
; initializer: every LTO claim lost to it, so the merged module has none.
; It ticks and emits no initializer or notes -- the object's are the
; module's (before, both were there: duplicate __rr_softticks_init).
; REQUIRES: llvm-17+
; RUN: opt %loadplugin -passes='lto<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; CHECK: module asm "# softticks: compiled by an instrumenting pass; only asm statements tick here"
; CHECK-NEXT: module asm "# softticks: the pass ticked the asm statements too"
; CHECK-NOT: module asm
; CHECK-LABEL: define {{.*}}void @f(
; CHECK: call void asm sideeffect "testb $$0x80
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"ThinLTO", i32 0}
!1 = !{i32 7, !"softticks.lto_unit", i32 1}
