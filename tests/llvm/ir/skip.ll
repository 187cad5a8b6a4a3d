; Functions the pass leaves alone: declarations, available_externally,
; naked, disable_sanitizer_instrumentation, "softticks-skip" (clang's
; no_instrument_function where it can be seen), sections starting
; .text.__rr_softticks, ifunc resolvers and the local helpers only they
; call.  Everything else ticks.
; RUN: %opt -passes=softticks,verify -S %s | %FileCheck %s
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

; CHECK-LABEL: define i32 @impl(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define i32 @impl() {
  %s = call i32 @shared_helper()
  ret i32 %s
}
