; ThinLTO post-link backend of a module whose LTO claim did not prevail
; (the linker kept another module's copy, or an ordinary object's
; initializer): ticks, but no initializer or notes (they come from
; elsewhere); the claim's llvm.compiler.used entry goes, other used globals
; stay, and a call the program makes to its initializer stays a call, to a
; hidden declaration.
; RUN: opt %loadplugin -passes='thinlto<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@keep = internal global i32 0
@llvm.compiler.used = appending global [2 x ptr] [ptr @__rr_softticks_init, ptr @keep], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "# softticks: compiled by an instrumenting pass; only asm statements tick here"
; CHECK-NEXT: module asm "# softticks: the pass ticked the asm statements too"
; CHECK-NOT: module asm
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @keep]
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
; CHECK-LABEL: define void @start(
; CHECK: call void @__rr_softticks_init()
; CHECK: declare hidden void @__rr_softticks_init()
; CHECK-NOT: softticks-lto-claim
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

define void @start() noinline {
  call void @__rr_softticks_init()
  ret void
}

define available_externally hidden void @__rr_softticks_init() #0 {
  call void asm sideeffect "", ""()
  ret void
}
attributes #0 = { noinline nounwind "softticks-lto-claim" }

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
!1 = !{i32 7, !"softticks.lto_unit", i32 1}
