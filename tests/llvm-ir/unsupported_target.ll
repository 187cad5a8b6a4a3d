; Targets outside the ABI (x32, aarch64 ILP32, 16-bit x86 code (-m16),
; big-endian aarch64, other architectures, other OSes and object formats):
; one warning, module unchanged.
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=x86_64-unknown-linux-gnux32 2>%t.x32.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=X32 < %t.x32.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=aarch64-unknown-linux-gnu_ilp32 2>%t.ilp32.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=ILP32 < %t.ilp32.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=aarch64_32-unknown-linux-gnu 2>%t.a32.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=A32 < %t.a32.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=i386-pc-linux-code16 2>%t.m16.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=M16 < %t.m16.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=aarch64_be-unknown-linux-gnu 2>%t.be.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=BE < %t.be.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=riscv64-unknown-linux-gnu 2>%t.rv.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=RV < %t.rv.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=x86_64-pc-windows-msvc 2>%t.win.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WIN < %t.win.err
; RUN: opt %loadplugin -passes=softticks,verify -S %s -mtriple=x86_64-apple-macosx 2>%t.mac.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=MAC < %t.mac.err
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: module asm
; CHECK-LABEL: define void @f(
; CHECK-NEXT: ret void
; CHECK-NOT: softticks.instrumented
define void @f() {
  ret void
}

; X32: warning: softticks: target 'x86_64-unknown-linux-gnux32' is not supported
; X32-NOT: warning
; ILP32: warning: softticks: target 'aarch64-unknown-linux-gnu_ilp32' is not supported
; A32: warning: softticks: target 'aarch64_32-unknown-linux-gnu' is not supported
; M16: warning: softticks: target 'i386-pc-linux-code16' is not supported
; BE: warning: softticks: target 'aarch64_be-unknown-linux-gnu' is not supported
; RV: warning: softticks: target 'riscv64-unknown-linux-gnu' is not supported
; WIN: warning: softticks: target 'x86_64-pc-windows-msvc' is not supported
; MAC: warning: softticks: target 'x86_64-apple-macosx' is not supported
