; Cycle heads: every target of a retreating edge of a depth-first walk
; that follows successors in order ticks, right after its PHIs; nothing
; else does.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare i1 @cond()

; CHECK-LABEL: define void @self_loop(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK: exit:
; CHECK-NEXT: ret void
define void @self_loop(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Nested: the outer and the inner header tick, the latch and exit do not.
; CHECK-LABEL: define void @nested(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %outer
; CHECK: outer:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %inner
; CHECK: inner:
; CHECK-NEXT: %j = phi i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %j.next = add
; CHECK: latch:
; CHECK-NEXT: %i.next = add
; CHECK: exit:
; CHECK-NEXT: ret void
define void @nested(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %cj = icmp slt i32 %j.next, %n
  br i1 %cj, label %inner, label %latch
latch:
  %i.next = add i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %outer, label %exit
exit:
  ret void
}

; Two back edges to one head: one tick.
; CHECK-LABEL: define void @two_latches(
; CHECK: head:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %a = call i1 @cond()
; CHECK: left:
; CHECK-NEXT: %b = call i1 @cond()
; CHECK: right:
; CHECK-NEXT: %c = call i1 @cond()
; CHECK: exit:
; CHECK-NEXT: ret void
define void @two_latches() {
entry:
  br label %head
head:
  %a = call i1 @cond()
  br i1 %a, label %left, label %right
left:
  %b = call i1 @cond()
  br i1 %b, label %head, label %exit
right:
  %c = call i1 @cond()
  br i1 %c, label %head, label %exit
exit:
  ret void
}

; Irreducible: a and b are both entered from outside the cycle.  The walk
; goes entry -> a -> b, so the retreating edge is b -> a: a ticks, b not.
; CHECK-LABEL: define void @irreducible_a(
; CHECK: a:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %x = call i1 @cond()
; CHECK: b:
; CHECK-NEXT: %y = call i1 @cond()
define void @irreducible_a(i1 %p) {
entry:
  br i1 %p, label %a, label %b
a:
  %x = call i1 @cond()
  br i1 %x, label %b, label %exit
b:
  %y = call i1 @cond()
  br i1 %y, label %a, label %exit
exit:
  ret void
}

; The same cycle walked the other way round: b ticks, a not.
; CHECK-LABEL: define void @irreducible_b(
; CHECK: a:
; CHECK-NEXT: %x = call i1 @cond()
; CHECK: b:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %y = call i1 @cond()
define void @irreducible_b(i1 %p) {
entry:
  br i1 %p, label %b, label %a
a:
  %x = call i1 @cond()
  br i1 %x, label %b, label %exit
b:
  %y = call i1 @cond()
  br i1 %y, label %a, label %exit
exit:
  ret void
}

; A cycle the entry does not reach still ticks; straight-line code does not.
; CHECK-LABEL: define void @unreachable_cycle(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: ret void
; CHECK: dead:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %dead
define void @unreachable_cycle() {
entry:
  ret void
dead:
  br label %dead
}

; CHECK-LABEL: define void @straight(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br i1
; CHECK: t:
; CHECK-NEXT: br label %exit
; CHECK: f:
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: ret void
define void @straight(i1 %p) {
entry:
  br i1 %p, label %t, label %f
t:
  br label %exit
f:
  br label %exit
exit:
  ret void
}
