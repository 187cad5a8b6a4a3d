; Functions the pass leaves alone: declarations, available_externally,
; naked, disable_sanitizer_instrumentation, "softticks-skip" (clang's
; no_instrument_function where it can be seen), sections starting
; .text.__rr_softticks, ifunc resolvers and the local helpers only they
; call (common/skip_policy.h).  A resolver calls the initializer first, so
; that the helpers it shares with ordinary code may tick.  Everything else
; ticks.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK: declare void @decl()
declare void @decl()

; CHECK-LABEL: define available_externally void @avail_ext(
; CHECK-NEXT: ret void
define available_externally void @avail_ext() {
  ret void
}

; CHECK-LABEL: define void @naked(
; CHECK-NEXT: call void asm sideeffect "ret", ""()
; CHECK-NEXT: unreachable
define void @naked() naked {
  call void asm sideeffect "ret", ""()
  unreachable
}

; CHECK-LABEL: define void @no_sanitize(
; CHECK-NEXT: ret void
define void @no_sanitize() disable_sanitizer_instrumentation {
  ret void
}

; CHECK-LABEL: define void @marked(
; CHECK-NEXT: ret void
define void @marked() "softticks-skip" {
  ret void
}

; CHECK-LABEL: define void @own_section(
; CHECK-NEXT: ret void
define void @own_section() section ".text.__rr_softticks_helpers" {
  ret void
}

; Another section is instrumented as usual.
; CHECK-LABEL: define void @other_section(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define void @other_section() section ".text.hot" {
  ret void
}

@ifn = ifunc i32 (), ptr @resolver

; CHECK-LABEL: define internal ptr @resolver(
; CHECK-NEXT: call void @__rr_softticks_init()
; CHECK-NEXT: %x = call i32 @only_resolver_helper()
define internal ptr @resolver() {
  %x = call i32 @only_resolver_helper()
  %y = call i32 @shared_helper()
  ret ptr @impl
}

; Called only from the resolver: runs before the initializer too.
; CHECK-LABEL: define internal i32 @only_resolver_helper(
; CHECK-NEXT: %a = call i32 @deeper_helper()
define internal i32 @only_resolver_helper() {
  %a = call i32 @deeper_helper()
  ret i32 %a
}

; CHECK-LABEL: define internal i32 @deeper_helper(
; CHECK-NEXT: ret i32 1
define internal i32 @deeper_helper() {
  ret i32 1
}

; Also called from ordinary code: keeps its ticks.
; CHECK-LABEL: define internal i32 @shared_helper(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal i32 @shared_helper() {
  ret i32 2
}

; clang marks resolvers disable_sanitizer_instrumentation itself: such a
; resolver still maps the page first.
@ifn2 = ifunc i32 (), ptr @marked_resolver
; CHECK-LABEL: define internal ptr @marked_resolver(
; CHECK-NEXT: call void @__rr_softticks_init()
; CHECK-NEXT: %r = call i32 @recursive_helper(i32 3)
define internal ptr @marked_resolver() disable_sanitizer_instrumentation {
  %r = call i32 @recursive_helper(i32 3)
  ret ptr @impl
}

; A helper that calls itself is still called only early.
; CHECK-LABEL: define internal i32 @recursive_helper(
; CHECK-NEXT: %c = icmp eq i32 %n, 0
define internal i32 @recursive_helper(i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @recursive_helper(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

; Local functions that only call each other, reached from nowhere early:
; they tick.
; CHECK-LABEL: define internal i32 @ping(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal i32 @ping(i32 %n) {
  %r = call i32 @pong(i32 %n)
  ret i32 %r
}
; CHECK-LABEL: define internal i32 @pong(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal i32 @pong(i32 %n) {
  %r = call i32 @ping(i32 %n)
  ret i32 %r
}

; CHECK-LABEL: define i32 @impl(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define i32 @impl() {
  %s = call i32 @shared_helper()
  ret i32 %s
}

; The resolvers call the module's hidden initializer.
; CHECK: declare hidden void @__rr_softticks_init()
