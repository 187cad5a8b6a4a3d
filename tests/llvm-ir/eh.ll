; Exception handling.  A landing pad that heads a cycle ticks right after
; its landingpad instruction.  A catchswitch block cannot hold code: a
; tick it would get goes to its handlers (after their catchpad).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)

; The unwind edge lpad -> lpad is the cycle.
; CHECK-LABEL: define void @landingpad_head(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: invoke void @may_throw()
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: invoke void @may_throw()
; CHECK: done:
; CHECK-NEXT: ret void
define void @landingpad_head() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %done unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  invoke void @may_throw() to label %done unwind label %lpad
done:
  ret void
}

; A retry loop through a handler: the invoke's normal edge is walked
; first (to done), then dispatch -> handler -> retry -> dispatch closes
; the cycle at the catchswitch, whose tick goes to the handler.
; CHECK-LABEL: define void @catchswitch_head(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: invoke void @may_throw()
; CHECK: dispatch:
; CHECK-NEXT: %cs = catchswitch within none [label %handler] unwind to caller
; CHECK: handler:
; CHECK-NEXT: %cp = catchpad within %cs
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: catchret from %cp to label %retry
; CHECK: retry:
; CHECK-NEXT: invoke void @may_throw()
; CHECK: done:
; CHECK-NEXT: ret void
define void @catchswitch_head() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %retry
retry:
  invoke void @may_throw() to label %done unwind label %dispatch
done:
  ret void
}

; An ordinary loop with a handler that rejoins it: only the head ticks.
; CHECK-LABEL: define void @loop_with_handler(
; CHECK: head:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: br label %next
; CHECK: next:
; CHECK-NEXT: %i.next = add
define void @loop_with_handler(i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  invoke void @may_throw() to label %next unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } catch ptr null
  br label %next
next:
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %head, label %exit
exit:
  ret void
}
