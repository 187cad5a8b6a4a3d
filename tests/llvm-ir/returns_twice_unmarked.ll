; Calls that return twice without a returns_twice mark also get a tick
; right after them: clang's __builtin_setjmp (llvm.eh.sjlj.setjmp),
; swapcontext (no compiler marks it), and setjmp and the like declared
; without the mark (IR from elsewhere).  Other calls do not.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare i32 @llvm.eh.sjlj.setjmp(ptr)
declare ptr @llvm.frameaddress.p0(i32)
declare i32 @swapcontext(ptr, ptr)
declare i32 @_setjmp(ptr)
declare i32 @__sigsetjmp(ptr, i32)
declare i32 @vfork()
declare i32 @setjmp_helper(ptr)
declare void @g()

; CHECK-LABEL: define i32 @builtin_setjmp(
; CHECK: call void @g()
; CHECK-NEXT: %r = call i32 @llvm.eh.sjlj.setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: ret i32 %r
define i32 @builtin_setjmp(ptr %buf) {
  call void @g()
  %r = call i32 @llvm.eh.sjlj.setjmp(ptr %buf)
  ret i32 %r
}

; CHECK-LABEL: define i32 @by_name(
; CHECK: call void @g()
; CHECK-NEXT: %a = call i32 @swapcontext(ptr %buf, ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %b = call i32 @_setjmp(ptr %buf)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %c = call i32 @__sigsetjmp(ptr %buf, i32 0)
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %d = call i32 @vfork()
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %e = call i32 @setjmp_helper(ptr %buf)
; CHECK-NEXT: %f = call ptr @llvm.frameaddress.p0(i32 0)
; CHECK-NEXT: ret i32 %e
define i32 @by_name(ptr %buf) {
  call void @g()
  %a = call i32 @swapcontext(ptr %buf, ptr %buf)
  %b = call i32 @_setjmp(ptr %buf)
  %c = call i32 @__sigsetjmp(ptr %buf, i32 0)
  %d = call i32 @vfork()
  %e = call i32 @setjmp_helper(ptr %buf)
  %f = call ptr @llvm.frameaddress.p0(i32 0)
  ret i32 %e
}
