; Code that runs before the initializer has mapped the page never ticks:
; .preinit_array entries and constructors of priority <= 1 (the
; initializer's), besides ifunc resolvers (skip.ll); each calls the
; initializer first.  Constructors that come after it, and destructors
; (they run at exit), tick as usual.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@preinit = internal constant [1 x ptr] [ptr @early], section ".preinit_array"
@llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 0, ptr @prio0, ptr null },
  { i32, ptr, ptr } { i32 1, ptr @prio1, ptr null },
  { i32, ptr, ptr } { i32 101, ptr @prio101, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 0, ptr @dtor0, ptr null }]
@llvm.used = appending global [1 x ptr] [ptr @preinit], section "llvm.metadata"

; CHECK-LABEL: define internal void @early(
; CHECK-NEXT: call void @__rr_softticks_init()
; CHECK-NEXT: ret void
define internal void @early() {
  ret void
}

; CHECK-LABEL: define internal void @prio0(
; CHECK-NEXT: call void @__rr_softticks_init()
; CHECK-NEXT: ret void
define internal void @prio0() {
  ret void
}

; CHECK-LABEL: define internal void @prio1(
; CHECK-NEXT: call void @__rr_softticks_init()
; CHECK-NEXT: ret void
define internal void @prio1() {
  ret void
}

; CHECK-LABEL: define internal void @prio101(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal void @prio101() {
  ret void
}

; CHECK-LABEL: define internal void @dtor0(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal void @dtor0() {
  ret void
}
