; A cycle the instrumenter cannot tick (its head is data: `.fill` right
; after the label) stays tick-free, and the user is told.
; RUN: opt %loadplugin -passes=softticks,verify -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @data_head(
; CHECK: call void asm sideeffect "1: .fill 1, 1, 0x90; jmp 1b", "~{dirflag},~{fpsr},~{flags}"()
define void @data_head() {
entry:
  call void asm sideeffect "1: .fill 1, 1, 0x90; jmp 1b", "~{dirflag},~{fpsr},~{flags}"()
  ret void
}

; WARN: warning: softticks: 1 assembly part of module {{.*}} left without ticks, its loops tick-free (first: inline asm in data_head: a cycle is left without a tick
