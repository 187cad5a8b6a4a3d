; Intel-dialect inline asm (clang -masm=intel's asm statements, MS-style
; __asm blocks: `inteldialect`) and module asm that switches to Intel
; syntax (rustc wraps global_asm! in .intel_syntax noprefix / .att_syntax)
; tick like AT&T ones.  LLVM drops `$$` from Intel-dialect templates, so
; no AT&T immediate can be written there: the tick and its flag save are
; Intel text with the ABI's bytes (RR_SOFTTICKS_X86_64_TICK_ASM_INTEL),
; and a widened short branch gets named labels (`1f` may read as a
; number in Intel syntax).  Module asm is plain text: its Intel region
; ticks in AT&T between switches, and the mode is restored.
; RUN: opt %loadplugin -passes=softticks,verify -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN --allow-empty < %t.err
; RUN: opt %loadplugin -passes=softticks,verify %s -o %t.bc
; RUN: llc %linkopts -O0 %t.bc -filetype=obj -o %t.o
; RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
target triple = "x86_64-unknown-linux-gnu"

module asm ".intel_syntax noprefix"
module asm "spin: dec edi"
module asm "jnz spin"
module asm "ret"
module asm ".att_syntax"

; CHECK: module asm ".intel_syntax noprefix"
; CHECK-NEXT: module asm "spin:;\09.att_syntax;testb $0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;\09.intel_syntax noprefix; dec edi"
; CHECK-NEXT: module asm "jnz spin"
; CHECK-NEXT: module asm "ret"
; CHECK-NEXT: module asm ".att_syntax"

; A loop: the tick in Intel syntax right after its head, no save (the
; flags are written before they are read).  `$(AT&T$|Intel$)`: the Intel
; alternative is read; the AT&T one is kept as it is.
; CHECK-LABEL: define i32 @intel(
; CHECK: call i32 asm sideeffect inteldialect ".Lx${:uid}:;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3; dec $0; jnz .Lx${:uid}", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %n)
; CHECK: call i32 asm sideeffect inteldialect ".Lz${:uid}:;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3;\0A\09$(addq $$3, $0$|add $0, 3$)\0A\09dec ecx\0A\09jnz .Lz${:uid}", "=r,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(i32 %r)
define i32 @intel(i32 %n) {
entry:
  %r = call i32 asm sideeffect inteldialect ".Lx${:uid}: dec $0; jnz .Lx${:uid}", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %n)
  %s = call i32 asm sideeffect inteldialect ".Lz${:uid}:\0A\09$(addq $$3, $0$|add $0, 3$)\0A\09dec ecx\0A\09jnz .Lz${:uid}", "=r,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(i32 %r)
  ret i32 %s
}

; MS-style (__asm { ... }: clang writes `inteldialect` templates with
; operands as memory references): a carry crosses the loop head, so the
; tick saves the flags, in Intel syntax (lea rsp,[rsp-128]; push rax;
; lahf ... sahf; pop rax; lea rsp,[rsp+128]); a memory operand `$1` is an
; operand to the classifier (`dec dword ptr $1`); `loop` is widened with
; named labels.
; CHECK-LABEL: define i32 @ms_style(
; CHECK: call i32 asm sideeffect inteldialect "clc; .Lc${:uid}:;lea rsp,[rsp-128];push rax;lahf;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3;sahf;pop rax;lea rsp,[rsp+128]; adc $0, 1; dec ecx; jnz .Lc${:uid}", "=r,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(i32 %n)
; CHECK: call i32 asm sideeffect inteldialect "mov ecx, 3; .Le${:uid}:;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3; dec dword ptr $1; loop .Lsoftticks_wide53540000_${:uid};jmp .Lsoftticks_wide53540001_${:uid};.Lsoftticks_wide53540000_${:uid}:jmp  .Le${:uid};.Lsoftticks_wide53540001_${:uid}:", "=r,=*m,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) %p, i32 %s)
; An OF carried across the head: seto/add too.
; CHECK: call i32 asm sideeffect inteldialect ".Lo${:uid}:;lea rsp,[rsp-128];push rax;lahf;seto al;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3;add al,0x7f;sahf;pop rax;lea rsp,[rsp+128]; jo .Lq${:uid}; add $0, 1; jmp .Lo${:uid}; .Lq${:uid}:", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %t)
; clang writes an MS block's immediates `$$1`, which LLVM prints as `1`:
; `shl ecx, $$1` (a count of 1) writes CF before `adc` reads it, so CF is
; not live at the head: no save (a count not read as a number would be).
; CHECK: call i32 asm sideeffect inteldialect "clc; .Ls${:uid}:;test byte ptr [0x70001807], 0x80;.byte 0x75, 0x0b;dec qword ptr [0x70001800];.byte 0x75, 0x01;int3; shl ecx, $$1; adc $0, $$0; dec edx; jnz .Ls${:uid}", "=r,0,~{ecx},~{edx},~{dirflag},~{fpsr},~{flags}"(i32 %u)
define i32 @ms_style(i32 %n, ptr %p) {
entry:
  %s = call i32 asm sideeffect inteldialect "clc; .Lc${:uid}: adc $0, 1; dec ecx; jnz .Lc${:uid}", "=r,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(i32 %n)
  %t = call i32 asm sideeffect inteldialect "mov ecx, 3; .Le${:uid}: dec dword ptr $1; loop .Le${:uid}", "=r,=*m,0,~{ecx},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) %p, i32 %s)
  %u = call i32 asm sideeffect inteldialect ".Lo${:uid}: jo .Lq${:uid}; add $0, 1; jmp .Lo${:uid}; .Lq${:uid}:", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %t)
  %v = call i32 asm sideeffect inteldialect "clc; .Ls${:uid}: shl ecx, $$1; adc $0, $$0; dec edx; jnz .Ls${:uid}", "=r,0,~{ecx},~{edx},~{dirflag},~{fpsr},~{flags}"(i32 %u)
  ret i32 %v
}

; Nothing is left without a tick.
; WARN-NOT: softticks

; The object: each Intel tick has the ABI's bytes (testb, jne, decq, jne,
; int3), and the save lahf ... sahf around it.
; OBJ-LABEL: <spin>:
; OBJ-NEXT: f6 04 25 07 18 00 70 80
; OBJ-NEXT: 75 0b
; OBJ-NEXT: 48 ff 0c 25 00 18 00 70
; OBJ-NEXT: 75 01
; OBJ-NEXT: cc
; OBJ-LABEL: <intel>:
; OBJ-COUNT-3: 48 ff 0c 25 00 18 00 70
; OBJ-LABEL: <ms_style>:
; OBJ: 48 8d 64 24 80
; OBJ-NEXT: 50
; OBJ-NEXT: 9f
; OBJ-NEXT: f6 04 25 07 18 00 70 80
; OBJ-NEXT: 75 0b
; OBJ-NEXT: 48 ff 0c 25 00 18 00 70
; OBJ-NEXT: 75 01
; OBJ-NEXT: cc
; OBJ-NEXT: 9e
; OBJ-NEXT: 58
; OBJ-NEXT: 48 8d a4 24 80 00 00 00
