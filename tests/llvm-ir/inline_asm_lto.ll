; LTO: the pre-link compile leaves the asm statements and the module asm
; as they are (like the rest of the module); the link-time pipeline ticks
; them.
; REQUIRES: llvm-15+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s | FileCheck %s --check-prefix=PRE
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' %s -o - | opt %loadplugin -passes='thinlto<O2>' -S | FileCheck %s --check-prefix=POST
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl spin"
module asm ".type spin, @function"
module asm "spin: dec %edi"
module asm "jnz spin"
module asm "ret"

; PRE: module asm "spin: dec %edi"
; PRE-NOT: testb
; PRE: call i32 asm sideeffect "1: decl $0; jnz 1b"
; POST: module asm "spin:;testb $0x80, 0x70001807;
; POST: call i32 asm sideeffect "1:;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3; decl $0; jnz 1b"
define i32 @f(i32 %x) noinline {
  %r = call i32 asm sideeffect "1: decl $0; jnz 1b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  ret i32 %r
}

; The flag clang adds to -flto compiles (what the pass recognizes before LLVM 20).
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
