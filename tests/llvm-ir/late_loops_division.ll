; Division wider than __udivti3 (clang's _BitInt(256)) is expanded into a
; loop before placement, which ticks its head; 128 bits stays a libcall.
; REQUIRES: llvm-16+
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i256 @wide(
; CHECK-NOT: udiv i256
; CHECK: udiv-do-while:
; CHECK-NEXT: phi
; CHECK: call void asm sideeffect "testb
; CHECK: ret i256
define i256 @wide(i256 %a, i256 %b) {
  %q = udiv i256 %a, %b
  ret i256 %q
}

; CHECK-LABEL: define i128 @narrow(
; CHECK: udiv i128 %a, %b
define i128 @narrow(i128 %a, i128 %b) {
  %q = udiv i128 %a, %b
  ret i128 %q
}
