; With LLVM 14, whose lld cannot load pass plugins, an LTO pre-link compile
; says that the link will not instrument the module.
; UNSUPPORTED: llvm-15+
; RUN: opt %loadplugin -passes='thinlto-pre-link<O2>' -disable-output %s 2>&1 | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

; CHECK: warning: softticks: LTO pre-link module {{.*}} is left for the link to instrument, but lld before LLVM 15 cannot load pass plugins
define void @f() {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
