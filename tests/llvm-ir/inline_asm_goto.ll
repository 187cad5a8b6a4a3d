; asm goto: a label operand (`${N:l}`) is a jump out of the statement,
; where everything the tick clobbers counts as live (the C code there is
; not seen): the loop's tick saves the carry flag, which decl keeps and the
; code at the label may read.  LLVM >= 15 syntax.
; REQUIRES: llvm-15+
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @goto_loop(
; CHECK: callbr void asm sideeffect "13:;lea -128(%rsp),%rsp;push %rax;lahf;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;sahf;pop %rax;lea 128(%rsp),%rsp; decl $0; jz ${1:l}; jmp 13b", "r,!i,~{dirflag},~{fpsr},~{flags}"(i32 %x)
; CHECK-NEXT: to label %cont [label %out]
define i32 @goto_loop(i32 %x) {
entry:
  callbr void asm sideeffect "13: decl $0; jz ${1:l}; jmp 13b", "r,!i,~{dirflag},~{fpsr},~{flags}"(i32 %x) to label %cont [label %out]
cont:
  ret i32 0
out:
  ret i32 1
}
