; The x86-64 tick, exactly: the ABI's 21-byte sequence with '$' written
; '$$', sideeffect, the flags clobbers only (no memory), a nounwind call.
; With a tick the module also gets the initializer, its .init_array entry,
; the ABI note and the manifest (module asm) and the instrumented flag.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s --check-prefix=ASM
target triple = "x86_64-pc-linux-gnu"

define void @f() {
; CHECK-LABEL: define void @f()
; CHECK-NEXT: call void asm sideeffect "testb $$0x80, 0x70001807\0A\09.byte 0x75, 0x0b\0A\09decq 0x70001800\0A\09.byte 0x75, 0x01\0A\09int3\0A", "~{dirflag},~{fpsr},~{flags}"() #[[ATTR:[0-9]+]]
; CHECK-NEXT: ret void
  ret void
}

; CHECK: attributes #[[ATTR]] = { nounwind }
; CHECK: !{i32 7, !"softticks.instrumented", i32 1}

; ASM: module asm "{{.*}}.text.__rr_softticks_init,\22axG\22,@progbits,__rr_softticks_init,comdat"
; ASM: module asm "__rr_softticks_init:"
; ASM: module asm "{{.*}}.init_array.00001,{{.*}},@init_array,__rr_softticks_init,comdat"
; ASM: module asm "{{.*}}.note.rrsoftticks,\22aG\22,@note,__rr_softticks_init,comdat"
; ASM: module asm "{{.*}}.note.softticks.manifest,
; ASM-NOT: module asm "__rr_softticks_init:"
; ASM: define void @f()
