; With LLVM 14, whose lld cannot load pass plugins, an LTO pre-link compile
; says that the link will not instrument the module, and adds no LTO claim
; (an LTO link would leave it in the output); a later compile of the
; bitcode (clang -c foo.bc) instruments it and owns the initializer.
; UNSUPPORTED: llvm-15+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -disable-output %s 2>&1 | FileCheck %s
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -S %s 2>/dev/null | FileCheck %s --check-prefix=PRELINK
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' %s -o %t.bc 2>/dev/null
; RUN: opt %loadplugin -passes='default<O2>' -S %t.bc | FileCheck %s --check-prefix=NATIVE
target triple = "x86_64-unknown-linux-gnu"

; CHECK: warning: softticks: LTO pre-link module {{.*}} is left for the link to instrument, but lld before LLVM 15 cannot load pass plugins
; PRELINK-NOT: __rr_softticks_init
; PRELINK: !"softticks.lto_unit"
; NATIVE: module asm "__rr_softticks_init:"
; NATIVE-LABEL: define void @f(
; NATIVE: call void asm sideeffect "testb $$0x80
define void @f() {
  call void @g()
  ret void
}
declare void @g()

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
