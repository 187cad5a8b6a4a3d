; Code of a supported triple that the sequences do not fit: kernel code
; (-mcmodel=kernel; it cannot reach a user page) and 16-bit code selected
; by file-scope asm (.code16gcc, the way before -m16: the addresses would
; be cut to 16 bits).  One warning naming why, module unchanged.  A later
; .code32 returns to 32-bit code, which is instrumented.
; RUN: sed 's/^;KERNEL //' %s | opt %loadplugin -passes=softticks,verify -S 2>%t.kernel.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=KERNEL < %t.kernel.err
; RUN: sed 's/^;CODE16 //' %s | opt %loadplugin -passes=softticks,verify -S 2>%t.code16.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=CODE16 < %t.code16.err
; RUN: sed 's/^;CODE32 //' %s | opt %loadplugin -passes=softticks,verify -S 2>%t.code32.err \
; RUN:   | FileCheck %s --check-prefix=TICKS
; RUN: ! grep softticks %t.code32.err
target triple = "i386-unknown-linux-gnu"
;KERNEL !llvm.module.flags = !{!0}
;KERNEL !0 = !{i32 1, !"Code Model", i32 2}
;CODE16 module asm ".code16gcc"
;CODE32 module asm ".code16gcc"
;CODE32 module asm ".code32"

; CHECK-NOT: module asm "{{.*}}__rr_softticks_init
; CHECK-LABEL: define void @f(
; CHECK-NEXT: ret void
; CHECK-NOT: softticks.instrumented
; TICKS: module asm "{{.*}}__rr_softticks_init
; TICKS-LABEL: define void @f(
; TICKS-NEXT: call void asm sideeffect "testb $$0x80
define void @f() {
  ret void
}

; KERNEL: warning: softticks: no software-tick sequence for kernel code (-mcmodel=kernel)
; KERNEL-NOT: warning
; CODE16: warning: softticks: no software-tick sequence for 16-bit code (.code16 in file-scope asm)
; CODE16-NOT: warning
