; A normal (per-module) pipeline over bitcode an LTO pre-link compile wrote
; (clang -c foo.bc): the LTO unit flag shows the pre-link already happened,
; so this compile is instrumented even though the LTO module flags are
; there, and its claim makes it the owner of the initializer and notes.
; RUN: opt %loadplugin -passes='default<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_init], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
; CHECK-NOT: @__rr_softticks_init()
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
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
!1 = !{i32 7, !"softticks.lto_unit", i32 1}
