; A module whose own asm defines __rr_softticks_init (hand-instrumented, as
; with RR_SOFTTICKS_INIT_ASM or rr's header) still gets its ticks, and the
; early mapping, the page check and the manifest, but no second
; initializer, .init_array entry or ABI note (abi/ABI.md section 8).  A module that only names the
; symbol gets the whole group.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: sed -e '/DEFINES/d' %s | opt %loadplugin -passes=softticks,verify -S | FileCheck %s --check-prefix=NAMES
target triple = "x86_64-unknown-linux-gnu"

module asm "  .pushsection .text.__rr_softticks_init,\22axG\22,@progbits,__rr_softticks_init,comdat"
module asm "  .globl __rr_softticks_init ; .hidden __rr_softticks_init"
module asm "  .type __rr_softticks_init, @function"
module asm "__rr_softticks_init:   # DEFINES"
module asm "  ret"
module asm "  .popsection"

; CHECK: module asm "__rr_softticks_init:   # DEFINES"
; CHECK-NOT: .note.rrsoftticks
; CHECK-NOT: .init_array.00001
; CHECK-NOT: module asm "__rr_softticks_init:"
; CHECK: module asm "__rr_softticks_early_map:"
; CHECK-NOT: .note.rrsoftticks
; CHECK: module asm "__rr_softticks_page_check:"
; CHECK-NOT: .note.rrsoftticks
; CHECK: .note.softticks.manifest
; CHECK-NOT: .note.rrsoftticks
; CHECK-LABEL: define void @f(
; CHECK-NEXT: call void asm sideeffect "testb $$0x80

; NAMES: module asm "  .type __rr_softticks_init, @function"
; NAMES: module asm "__rr_softticks_init:"
; NAMES: .init_array.00001
; NAMES: .note.rrsoftticks
; NAMES-LABEL: define void @f(
; NAMES-NEXT: call void asm sideeffect "testb $$0x80
define void @f() {
  ret void
}
