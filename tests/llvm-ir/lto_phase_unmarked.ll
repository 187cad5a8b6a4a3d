; An LTO pre-link pipeline run on a module without clang's LTO module
; flags, as rustc runs one per codegen unit before its own ThinLTO between
; them (and before lto = "fat"), leaves the module without ticks: the
; post-link pipeline, which inlines across modules, instruments it.  Ticks
; placed at pre-link would count against inlining every function they are
; in (bench/rust: 1.32x instructions instead of 1.09x).  LLVM 20 and later
; tell the pass the phase.
; REQUIRES: llvm-20+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s | FileCheck %s --check-prefix=PRE
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' -S %s | FileCheck %s --check-prefix=PRE
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' %s | opt %loadplugin -passes='thinlto<O2>' -S | FileCheck %s --check-prefix=POST
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' %s | opt %loadplugin -passes='lto<O2>' -S | FileCheck %s --check-prefix=POST
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32)

; PRE-NOT: module asm
; PRE-LABEL: define void @f(
; PRE-NOT: asm sideeffect
; PRE: ret void

; POST: module asm "__rr_softticks_init:"
; POST-LABEL: define void @f(
; POST: call void asm sideeffect "testb $$0x80
define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @g(i32 %i)
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
