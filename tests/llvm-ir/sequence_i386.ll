; The i386 tick, exactly: 28 bytes, the 64-bit countdown as two words,
; flags clobbers only.  i686 triples count as i386.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks,verify -mtriple=i686-unknown-linux-gnu -S %s | FileCheck %s
target triple = "i386-pc-linux-gnu"

define void @f() {
; CHECK-LABEL: define void @f()
; CHECK-NEXT: call void asm sideeffect "testb $$0x80, 0x70001807\0A\09.byte 0x75, 0x13\0A\09subl $$1, 0x70001800\0A\09.byte 0x75, 0x0a\0A\09subl $$1, 0x70001804\0A\09.byte 0x73, 0x01\0A\09int3\0A", "~{dirflag},~{fpsr},~{flags}"() #[[ATTR:[0-9]+]]
; CHECK-NEXT: ret void
  ret void
}

; CHECK: attributes #[[ATTR]] = { nounwind }
