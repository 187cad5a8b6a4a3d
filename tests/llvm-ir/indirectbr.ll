; Computed goto: the edges of indirectbr count like any others.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; Every op goes back through the dispatch block: it alone heads the cycles.
; CHECK-LABEL: define void @interpreter(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %dispatch
; CHECK: dispatch:
; CHECK-NEXT: %pc = phi ptr
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %target = load ptr, ptr %pc
; CHECK: op1:
; CHECK-NEXT: %pc1 = getelementptr
; CHECK: op2:
; CHECK-NEXT: %pc2 = getelementptr
; CHECK: halt:
; CHECK-NEXT: ret void
define void @interpreter(ptr %code) {
entry:
  br label %dispatch
dispatch:
  %pc = phi ptr [ %code, %entry ], [ %pc1, %op1 ], [ %pc2, %op2 ]
  %target = load ptr, ptr %pc
  indirectbr ptr %target, [label %op1, label %op2, label %halt]
op1:
  %pc1 = getelementptr ptr, ptr %pc, i64 1
  br label %dispatch
op2:
  %pc2 = getelementptr ptr, ptr %pc, i64 2
  br label %dispatch
halt:
  ret void
}

; Threaded: each op jumps straight to the next with its own indirectbr.
; The walk goes entry -> a -> a (self: a ticks) -> b -> a (a is on the
; stack: no new tick) -> b (self: b ticks).
; CHECK-LABEL: define void @threaded(
; CHECK: a:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %ta = load ptr
; CHECK: b:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %tb = load ptr
; CHECK: out:
; CHECK-NEXT: ret void
define void @threaded(ptr %p) {
entry:
  br label %a
a:
  %ta = load ptr, ptr %p
  indirectbr ptr %ta, [label %a, label %b, label %out]
b:
  %tb = load ptr, ptr %p
  indirectbr ptr %tb, [label %a, label %b, label %out]
out:
  ret void
}
