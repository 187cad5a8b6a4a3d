; A module without a tick gets no initializer, note or manifest: only the
; flag, and the marker line that an external softticks-as reads
; (ST_COMPILED_MARKER).
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK: module asm "# softticks: compiled by an instrumenting pass; only asm statements tick here"
; CHECK-NEXT: module asm "# softticks: the pass ticked the asm statements too"
; CHECK-NOT: module asm
; CHECK: declare void @decl()
; CHECK: !{i32 7, !"softticks.instrumented", i32 1}
declare void @decl()

define available_externally void @ae() {
  ret void
}
