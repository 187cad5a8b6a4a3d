; ThinLTO post-link backend of a module whose owner marker did not prevail
; (the linker kept another module's copy): ticks, but no initializer or
; notes (the owner's module has them); the marker and its llvm.compiler.used
; entry go, other used globals stay.
; RUN: opt %loadplugin -passes='thinlto<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@__rr_softticks_lto_owner = available_externally hidden constant i8 0
@keep = internal global i32 0
@llvm.compiler.used = appending global [2 x ptr] [ptr @__rr_softticks_lto_owner, ptr @keep], section "llvm.metadata"

declare void @g(i32)

; CHECK-NOT: module asm
; CHECK-NOT: __rr_softticks_lto_owner
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @keep]
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
