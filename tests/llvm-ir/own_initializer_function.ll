; A module that defines __rr_softticks_init as a function: it gets no second
; initializer and the function never ticks, nor calls itself first though
; .init_array.00001 lists it (abi/ABI.md section 8).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

@entry = internal global ptr @__rr_softticks_init, section ".init_array.00001"
@llvm.used = appending global [1 x ptr] [ptr @entry], section "llvm.metadata"

; CHECK-NOT: module asm "__rr_softticks_init:"
; CHECK-NOT: .note.rrsoftticks
; CHECK: module asm "__rr_softticks_early_map:"
; CHECK-LABEL: define hidden void @__rr_softticks_init(
; CHECK-NOT: call
; CHECK: ret void
define hidden void @__rr_softticks_init() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, 3
  br i1 %c, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @f(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
define void @f() {
  ret void
}
