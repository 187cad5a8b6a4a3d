; rustc writes global_asm! (Intel by default) between a bare
; `.intel_syntax` and `.att_syntax`.  gas reads the bare form as prefixed
; Intel, LLVM's assembler takes registers either way but refuses an
; explicit `.intel_syntax prefix`: a tick there restores the mode as the
; user wrote it.  Before, the restore was `.intel_syntax prefix` and
; building Rust's std with the plugin stopped ("'.intel_syntax prefix' is
; not supported", compiler_builtins).
; RUN: opt %loadplugin -passes=softticks,verify -S %s 2>%t.err | FileCheck %s
; RUN: opt %loadplugin -passes=softticks,verify %s -o %t.bc
; RUN: llc %linkopts %t.bc -filetype=obj -o %t.o
; RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
target triple = "x86_64-unknown-linux-gnu"

module asm ".intel_syntax"
module asm ".globl spin_bare"
module asm "spin_bare:"
module asm "2: dec edi"
module asm "jnz 2b"
module asm "ret"
module asm ".att_syntax"

; CHECK: module asm ".intel_syntax"
; CHECK: module asm "2:;\09.att_syntax;testb $0x80, 0x70001807;{{.*}};int3;\09.intel_syntax; dec edi"
; CHECK-NOT: .intel_syntax prefix

; OBJ-LABEL: <spin_bare>:
; OBJ: f6 04 25 07 18 00 70 80
; OBJ: ff cf
