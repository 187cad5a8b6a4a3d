; clang's trace of __attribute__((no_instrument_function)): with
; -finstrument-functions* or -pg, instrumented functions carry
; "instrument-function-entry(-inlined)" (or already call the entry hook)
; and no_instrument_function ones do not.  The pipeline-start pass then
; marks those "softticks-skip"; compiler-generated functions (no
; declaration to carry the attribute) are not marked.
; RUN: opt %loadplugin -passes=softticks-pipeline-start,softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @__cyg_profile_func_enter(ptr, ptr)

; CHECK-LABEL: define void @traced(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define void @traced() "instrument-function-entry"="__cyg_profile_func_enter" {
  ret void
}

; CHECK-LABEL: define void @already_hooked(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define void @already_hooked() {
  call void @__cyg_profile_func_enter(ptr @already_hooked, ptr null)
  ret void
}

; CHECK-LABEL: define void @no_instrument(
; CHECK-NEXT: ret void
define void @no_instrument() {
  ret void
}

; CHECK-LABEL: define internal void @_GLOBAL__sub_I_x(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define internal void @_GLOBAL__sub_I_x() {
  ret void
}
