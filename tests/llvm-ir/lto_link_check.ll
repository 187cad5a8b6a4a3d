; The LTO link check (common/lto_link_check.h): an LTO pre-link module
; gets a private pointer to __rr_softticks_lto_link_needs_the_plugin, kept
; by llvm.used, so that a link without the plugin fails naming it; the
; pass removes it wherever it handles the module (here: the link-time
; pipeline, and a module of an unsupported target, which only warns).
; REQUIRES: llvm-15+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s | FileCheck %s --check-prefix=PRELINK
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' %s -o %t.bc
; RUN: opt %loadplugin -passes=softticks -S %t.bc | FileCheck %s --check-prefix=LINK
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' %s -o - | \
; RUN:   opt %loadplugin -passes=softticks -S -mtriple=x86_64-unknown-linux-gnux32 2>/dev/null | \
; RUN:   FileCheck %s --check-prefix=LINK
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S -mtriple=riscv64-unknown-linux-gnu %s | \
; RUN:   FileCheck %s --check-prefix=RISCV
target triple = "x86_64-unknown-linux-gnu"

; PRELINK: @__rr_softticks_lto_link_needs_the_plugin = external global i8
; PRELINK: @__rr_softticks_lto_check = private constant ptr @__rr_softticks_lto_link_needs_the_plugin, section ".data.rel.ro.__rr_softticks_lto_check"
; PRELINK: @llvm.used = appending global [1 x ptr] [ptr @__rr_softticks_lto_check]
; PRELINK-LABEL: define void @f(
; PRELINK-NOT: asm sideeffect
; PRELINK: ret void

; LINK-NOT: __rr_softticks_lto_check
; LINK-NOT: lto_link_needs_the_plugin
; LINK-NOT: llvm.used

; No ticks will ever be placed for this target: no check.
; RISCV-NOT: lto_link_needs_the_plugin

define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"ThinLTO", i32 0}
!1 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
