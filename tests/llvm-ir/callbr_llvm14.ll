; asm goto (callbr): its indirect destinations are edges too.  LLVM 14
; syntax (blockaddress operands).
; UNSUPPORTED: llvm-15+
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @asm_goto_loop(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: br label %head
; CHECK: head:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: callbr void asm "jmp ${0:l}", "X"(
; CHECK: out:
; CHECK-NEXT: ret void
define void @asm_goto_loop() {
entry:
  br label %head
head:
  callbr void asm "jmp ${0:l}", "X"(ptr blockaddress(@asm_goto_loop, %head)) to label %out [label %head]
out:
  ret void
}
