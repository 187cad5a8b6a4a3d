; A pre-link module that calls its initializer (hand-instrumented code
; that maps the page itself): the declaration becomes the LTO claim, and
; the call survives the pre-link optimizer (not inlined, not dropped) and
; the link, where the claim's owner defines the initializer in its module
; asm and the call reaches it.
; REQUIRES: llvm-15+
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' -S %s | FileCheck %s --check-prefix=PRELINK
; RUN: opt %loadplugin -passes='lto-pre-link<O2>' %s -o %t.bc
; RUN: opt %loadplugin -passes='default<O2>' -S %t.bc | FileCheck %s --check-prefix=LINK
target triple = "x86_64-unknown-linux-gnu"

declare void @__rr_softticks_init()

; PRELINK: define linkonce_odr hidden void @__rr_softticks_init() {{.*}}{
; PRELINK-LABEL: define void @start(
; PRELINK: call void @__rr_softticks_init()
; LINK: module asm "__rr_softticks_init:"
; LINK: declare hidden void @__rr_softticks_init()
; LINK-LABEL: define void @start(
; LINK: call void @__rr_softticks_init()
define void @start() {
  call void @__rr_softticks_init()
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ThinLTO", i32 0}
