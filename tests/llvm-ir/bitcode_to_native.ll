; A normal (per-module) pipeline over bitcode an LTO pre-link compile wrote
; (clang -c foo.bc): the owner marker shows the pre-link already happened,
; so this compile is instrumented even though the LTO module flags are
; there, and it owns the initializer and notes.
; RUN: opt %loadplugin -passes='default<O2>' -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

$__rr_softticks_lto_owner = comdat any
@__rr_softticks_lto_owner = linkonce_odr hidden constant i8 0, comdat
@llvm.compiler.used = appending global [1 x ptr] [ptr @__rr_softticks_lto_owner], section "llvm.metadata"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-NOT: __rr_softticks_lto_owner =
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
