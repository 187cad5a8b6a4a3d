; With debug info a tick takes the location of the instruction it precedes
; (line 0 of the function where that has none), so that the verifier and
; debuggers see every instruction placed.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
target triple = "x86_64-unknown-linux-gnu"

declare void @g()

; CHECK-LABEL: define void @f(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80{{.*}} !dbg [[NOLINE:![0-9]+]]
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80{{.*}} !dbg [[L3:![0-9]+]]
; CHECK-NEXT: call void @g(), !dbg [[L3]]
define void @f() !dbg !4 {
entry:
  br label %loop
loop:
  call void @g(), !dbg !7
  br label %loop, !dbg !8
}

; CHECK-DAG: [[NOLINE]] = !DILocation(line: 0, scope: [[SP:![0-9]+]])
; CHECK-DAG: [[SP]] = distinct !DISubprogram(name: "f"
; CHECK-DAG: [[L3]] = !DILocation(line: 3, column: 5, scope: [[SP]])

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 1, scope: !4)
