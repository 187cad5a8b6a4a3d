; Two instrumented modules linked at the IR level (rustc's fat LTO does
; this, as llvm-link does here) carry the module parts twice: the
; initializer group, the early mapping, the page check and the manifest.
; Assembled as one file, the second __rr_softticks_init would be a
; duplicate symbol.  The pass, run again on the linked module (rustc runs
; the plugin's passes in its LTO pipeline), keeps one copy of each block
; and adds nothing.
; RUN: opt %loadplugin -passes=softticks -o %t.a.bc %s
; RUN: sed -e 's/@f(/@g(/' %s | opt %loadplugin -passes=softticks -o %t.b.bc
; RUN: llvm-link %linkopts %t.a.bc %t.b.bc -S | FileCheck %s --check-prefix=LINKED
; RUN: llvm-link %linkopts %t.a.bc %t.b.bc | opt %loadplugin -passes=softticks,verify -S | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; LINKED-COUNT-2: module asm "__rr_softticks_init:"

; CHECK: module asm "__rr_softticks_init:"
; CHECK-NOT: module asm "__rr_softticks_init:"
; CHECK-NOT: module asm "__rr_softticks_early_map:"
; CHECK: module asm "__rr_softticks_early_map:"
; CHECK-NOT: module asm "__rr_softticks_early_map:"
; CHECK-NOT: module asm "__rr_softticks_init:"
; CHECK: module asm "__rr_softticks_page_check:"
; CHECK-NOT: module asm "__rr_softticks_page_check:"
; CHECK-LABEL: define void @f(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NOT: call void asm sideeffect "testb $$0x80
; CHECK-LABEL: define void @g(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NOT: call void asm sideeffect "testb $$0x80
define void @f() {
  ret void
}
