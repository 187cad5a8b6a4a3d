; A ThinLTO post-link backend of a module compiled without the plugin (no
; LTO unit flag, no LTO claim): instrumented, with the initializer and notes, and a warning
; that every such module of the link carries them (a duplicate symbol).
; RUN: opt %loadplugin -passes='thinlto<O2>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; CHECK: module asm "__rr_softticks_init:"
; CHECK-LABEL: define void @f(
; CHECK: call void asm sideeffect "testb $$0x80
define void @f(i32 %x) noinline {
  call void @g(i32 %x)
  ret void
}

; WARN: warning: softticks: ThinLTO module {{.*}} was compiled without the softticks plugin
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
