; Loops the backend would write after the pass are written before
; placement, whose tick then heads them: atomicrmw the target expands into
; a retry loop becomes a weak cmpxchg loop; one it has an instruction for
; stays; aarch64 without LSE turns strong cmpxchg into a weak one in a loop.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: sed 's/^target triple.*/target triple = "aarch64-unknown-linux-gnu"/' %s > %t.a64.ll
; RUN: opt %loadplugin -passes=softticks,verify -S %t.a64.ll | FileCheck --check-prefix=A64 %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @nand(
; CHECK: %atomicrmw.init = load atomic i32, ptr %p monotonic, align 4
; CHECK: atomicrmw.loop:
; CHECK-NEXT: %atomicrmw.old = phi i32 [ %atomicrmw.init, %{{.*}} ], [ %atomicrmw.seen, %atomicrmw.loop ]
; CHECK-NEXT: call void asm sideeffect "testb
; CHECK: cmpxchg weak ptr %p, i32 %atomicrmw.old, i32 %{{.*}} seq_cst seq_cst
; CHECK: br i1 %atomicrmw.stored, label %atomicrmw.end, label %atomicrmw.loop
; CHECK: ret i32 %atomicrmw.old
; A64-LABEL: define i32 @nand(
; A64: cmpxchg weak
define i32 @nand(ptr %p, i32 %v) {
  %old = atomicrmw nand ptr %p, i32 %v seq_cst
  ret i32 %old
}

; Result used: a loop on x86 (lock or returns nothing).
; CHECK-LABEL: define i64 @or_used(
; CHECK: cmpxchg weak ptr %p, i64
define i64 @or_used(ptr %p, i64 %v) {
  %old = atomicrmw or ptr %p, i64 %v acquire
  ret i64 %old
}

; CHECK-LABEL: define void @or_unused(
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw or ptr %p, i64 %v acquire
; A64-LABEL: define void @or_unused(
; A64: cmpxchg weak ptr %p, i64
define void @or_unused(ptr %p, i64 %v) {
  %old = atomicrmw or ptr %p, i64 %v acquire
  ret void
}

; CHECK-LABEL: define float @fadd(
; CHECK: load atomic i32, ptr %p monotonic
; CHECK: fadd float
; CHECK: cmpxchg weak ptr %p, i32
define float @fadd(ptr %p, float %v) {
  %old = atomicrmw fadd ptr %p, float %v seq_cst
  ret float %old
}

; CHECK-LABEL: define i64 @add(
; CHECK-NOT: cmpxchg
; CHECK: atomicrmw add ptr %p, i64 %v seq_cst
; A64-LABEL: define i64 @add(
; A64: cmpxchg weak ptr %p, i64
define i64 @add(ptr %p, i64 %v) {
  %old = atomicrmw add ptr %p, i64 %v seq_cst
  ret i64 %old
}

; With LSE the instruction exists: no loop.
; A64-LABEL: define i64 @add_lse(
; A64-NOT: cmpxchg
; A64: atomicrmw add
define i64 @add_lse(ptr %p, i64 %v) #0 {
  %old = atomicrmw add ptr %p, i64 %v seq_cst
  ret i64 %old
}

; CHECK-LABEL: define { i32, i1 } @strong(
; CHECK: cmpxchg ptr %p
; A64-LABEL: define { i32, i1 } @strong(
; A64: cmpxchg.loop:
; A64: cmpxchg weak ptr %p, i32 %e, i32 %n seq_cst seq_cst
; A64: br i1 %cmpxchg.retry, label %cmpxchg.loop, label %cmpxchg.end
define { i32, i1 } @strong(ptr %p, i32 %e, i32 %n) {
  %r = cmpxchg ptr %p, i32 %e, i32 %n seq_cst seq_cst
  ret { i32, i1 } %r
}

attributes #0 = { "target-features"="+lse" }
