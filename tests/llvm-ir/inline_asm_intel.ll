; Intel-dialect inline asm: softticks-as reads AT&T syntax only, so the
; statement is left as it is (its loop tick-free), and the user is told
; once per module.  So is module asm that switches to Intel syntax (rustc
; wraps global_asm! in .intel_syntax noprefix / .att_syntax).
; RUN: opt %loadplugin -passes=softticks,verify -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
target triple = "x86_64-unknown-linux-gnu"

module asm ".intel_syntax noprefix"
module asm "spin: dec edi"
module asm "jnz spin"
module asm "ret"
module asm ".att_syntax"

; CHECK: module asm "spin: dec edi"

; CHECK-LABEL: define i32 @intel(
; CHECK: call i32 asm sideeffect inteldialect "1: dec $0; jnz 1b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %n)
; CHECK: call i32 asm sideeffect inteldialect "2: sub $0, 1; jnz 2b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %r)
define i32 @intel(i32 %n) {
entry:
  %r = call i32 asm sideeffect inteldialect "1: dec $0; jnz 1b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %n)
  %s = call i32 asm sideeffect inteldialect "2: sub $0, 1; jnz 2b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %r)
  ret i32 %s
}

; WARN: warning: softticks: 3 assembly parts of module {{.*}}inline_asm_intel.ll left without ticks, its loops tick-free (first: module asm: Intel syntax (.intel_syntax): softticks-as reads AT&T syntax only)
; WARN-NOT: softticks
