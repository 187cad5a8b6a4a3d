; A tick right after every returns_twice call (callee or call-site
; attribute): for an invoke at its normal destination, on an edge of its
; own when that block has other predecessors.  Nothing after a musttail
; call.  A block that begins with such a call needs no other tick.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare i32 @setjmp(ptr) returns_twice
declare i32 @plain(ptr)
declare void @g()
declare i32 @__gxx_personality_v0(...)

; The entry begins with the call: the tick after it is on every path, so
; the entry needs none.
; CHECK-LABEL: define i32 @leading_call(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call i32 @setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: ret i32 %r
define i32 @leading_call(ptr %buf) {
entry:
  %r = call i32 @setjmp(ptr %buf)
  ret i32 %r
}

; Parameter spills into their stack slots (clang -O0 writes them; GCC's
; GIMPLE has none) do not count: the call still leads the block.
; CHECK-LABEL: define i32 @spill_then_call(
; CHECK-NEXT: entry:
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: store i32 %x, ptr %slot
; CHECK-NEXT: %r = call i32 @setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define i32 @spill_then_call(ptr %buf, i32 %x) {
entry:
  %slot = alloca i32
  store i32 %x, ptr %slot
  %r = call i32 @setjmp(ptr %buf)
  ret i32 %r
}

; Any other statement first (here a store of a constant) keeps the entry
; tick.
; CHECK-LABEL: define i32 @statement_then_call(
; CHECK-NEXT: entry:
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: store volatile i32 0, ptr %slot
; CHECK-NEXT: %r = call i32 @setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define i32 @statement_then_call(ptr %buf) {
entry:
  %slot = alloca i32
  store volatile i32 0, ptr %slot
  %r = call i32 @setjmp(ptr %buf)
  ret i32 %r
}

; The attribute on the call site alone counts too.  A call before it (which
; might leave the frame) keeps the entry tick.
; CHECK-LABEL: define i32 @call_site_attribute(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: call void @g()
; CHECK-NEXT: %r = call i32 @plain(ptr %buf) #[[RT:[0-9]+]]
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %s = call i32 @plain(ptr %buf)
; CHECK-NEXT: ret i32 %r
define i32 @call_site_attribute(ptr %buf) {
entry:
  call void @g()
  %r = call i32 @plain(ptr %buf) returns_twice
  %s = call i32 @plain(ptr %buf)
  ret i32 %r
}

; Retry loop: loop head and the return of setjmp both tick.
; CHECK-LABEL: define void @retry_loop(
; CHECK: head:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: call void @g()
; CHECK-NEXT: %r = call i32 @setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %i.next = add
define void @retry_loop(ptr %buf, i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  call void @g()
  %r = call i32 @setjmp(ptr %buf)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %head, label %exit
exit:
  ret void
}

; Invoke whose normal destination has no other predecessor: the tick goes
; at its start, no new block.
; CHECK-LABEL: define i32 @invoke_single_pred(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: call void @g()
; CHECK-NEXT: %r = invoke i32 @setjmp(ptr %buf)
; CHECK-NEXT: to label %ok unwind label %lpad
; CHECK: ok:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: ret i32 %r
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: resume
define i32 @invoke_single_pred(ptr %buf) personality ptr @__gxx_personality_v0 {
entry:
  call void @g()
  %r = invoke i32 @setjmp(ptr %buf) to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

; Invoke whose normal destination is also reached from elsewhere: the
; edge is split so that only the return of setjmp ticks; the PHI follows.
; CHECK-LABEL: define i32 @invoke_split(
; CHECK: inv:
; CHECK-NEXT: %r = invoke i32 @setjmp(ptr %buf)
; CHECK-NEXT: to label %join.softticks unwind label %lpad
; CHECK: join.softticks:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %v = phi i32 [ 0, %entry ], [ %r, %join.softticks ]
; CHECK-NEXT: ret i32 %v
define i32 @invoke_split(ptr %buf, i1 %p) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %p, label %inv, label %join
inv:
  %r = invoke i32 @setjmp(ptr %buf) to label %join unwind label %lpad
join:
  %v = phi i32 [ 0, %entry ], [ %r, %inv ]
  ret i32 %v
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

; musttail: the call must stay right before the ret.  The entry tick
; stays (the call does not count as leading).
; CHECK-LABEL: define i32 @musttail_rt(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %r = musttail call i32 @setjmp(ptr %buf)
; CHECK-NEXT: ret i32 %r
define i32 @musttail_rt(ptr %buf) {
  %r = musttail call i32 @setjmp(ptr %buf)
  ret i32 %r
}

; CHECK: attributes #[[RT]] = { returns_twice }
