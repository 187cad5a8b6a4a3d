; The entry tick comes after the entry block's leading static allocas (so
; they stay part of the fixed frame), before anything else, including a
; dynamic alloca.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @use(ptr)

define void @static_allocas(i32 %n) {
; CHECK-LABEL: define void @static_allocas(
; CHECK-NEXT: %a = alloca i32
; CHECK-NEXT: %b = alloca [4 x i8]
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %c = alloca i8, i32 %n
; CHECK-NEXT: call void @use(ptr %a)
  %a = alloca i32
  %b = alloca [4 x i8]
  %c = alloca i8, i32 %n
  call void @use(ptr %a)
  call void @use(ptr %b)
  call void @use(ptr %c)
  ret void
}

; An alloca after other code is still static, but the tick does not look
; past the first non-alloca.
define void @late_alloca() {
; CHECK-LABEL: define void @late_alloca(
; CHECK-NEXT: %a = alloca i32
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: call void @use(ptr %a)
; CHECK-NEXT: %b = alloca i32
  %a = alloca i32
  call void @use(ptr %a)
  %b = alloca i32
  call void @use(ptr %b)
  ret void
}

define i32 @no_allocas(i32 %x) {
; CHECK-LABEL: define i32 @no_allocas(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %y = add i32 %x, 1
; CHECK-NEXT: ret i32 %y
  %y = add i32 %x, 1
  ret i32 %y
}
