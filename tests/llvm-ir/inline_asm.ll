; Inline asm statements tick in their own cycles (asm/fragment.c, the
; instrumenter softticks-as uses): right after the head label of each loop,
; never at the statement's start (the function's entry tick is there).
; The new statement keeps the type, constraints, side effects and dialect;
; `$` of the inserted text is `$$`, operand references stay as written.
; RUN: opt %loadplugin -passes=softticks,verify -S %s | FileCheck %s
; RUN: opt %loadplugin -passes=softticks -softticks-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "x86_64-unknown-linux-gnu"

; STATS: softticks: {{.*}}inline_asm.ll: 18 ticks in 9 functions; 9 of them in assembly (9 inline asm statements, 0 in module asm)

; The issue's counted loop: one tick after `1:`, flags dead there (decl
; writes them before jnz reads them; clang clobbers them at the end).
; CHECK-LABEL: define i32 @counted(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void asm sideeffect "testb $$0x80
; CHECK-NEXT: %r = call { i32, i32 } asm sideeffect "1:;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3; addl $$3,$0; decl $1; jnz 1b", "=r,=r,0,1,~{dirflag},~{fpsr},~{flags}"(i32 %x, i32 %n)
define i32 @counted(i32 %x, i32 %n) {
entry:
  %r = call { i32, i32 } asm sideeffect "1: addl $$3,$0; decl $1; jnz 1b", "=r,=r,0,1,~{dirflag},~{fpsr},~{flags}"(i32 %x, i32 %n)
  %v = extractvalue { i32, i32 } %r, 0
  ret i32 %v
}

; Operand references with modifiers, `$$` immediates and `${:uid}` labels
; stay as written; a statement without side effects stays without.
; CHECK-LABEL: define i32 @operands(
; CHECK: %r = call i32 asm ".Lx${:uid}:;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3; subl $$0x10, ${0:k}; jnz .Lx${:uid}", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
define i32 @operands(i32 %x) {
entry:
  %r = call i32 asm ".Lx${:uid}: subl $$0x10, ${0:k}; jnz .Lx${:uid}", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  ret i32 %r
}

; A carry across the loop head: the tick saves the flags (lahf/sahf, below
; the red zone; no OF: nothing reads it).
; CHECK-LABEL: define i32 @carry(
; CHECK: asm sideeffect "clc\0A2:;lea -128(%rsp),%rsp;push %rax;lahf;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;sahf;pop %rax;lea 128(%rsp),%rsp; adcl $$1, $0; decl $1; jnz 2b"
define i32 @carry(i32 %x, i32 %n) {
entry:
  %r = call { i32, i32 } asm sideeffect "clc\0A2: adcl $$1, $0; decl $1; jnz 2b", "=r,=r,0,1,~{dirflag},~{fpsr},~{flags}"(i32 %x, i32 %n)
  %v = extractvalue { i32, i32 } %r, 0
  ret i32 %v
}

; What is live at the statement's end: nothing (x86 clang clobbers the
; flags of every asm statement), unless a flag output reads them there.
; CHECK-LABEL: define i32 @flags_dead_at_end(
; CHECK: asm sideeffect "11:;testb $$0x80
; CHECK-LABEL: define i8 @flag_output(
; CHECK: asm sideeffect "11:;lea -128(%rsp),%rsp;push %rax;lahf;seto %al;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3;add $$0x7f,%al;sahf;pop %rax;lea 128(%rsp),%rsp; movl $2, $1; leal -1($2), $2; jecxz 12f; jmp 11b; 12:", "={@ccz},=r,={cx},2,~{dirflag},~{fpsr}"
define i32 @flags_dead_at_end(i32 %n) {
entry:
  %r = call { i32, i32 } asm sideeffect "11: movl $1, $0; leal -1($1), $1; jecxz 12f; jmp 11b; 12:", "=r,={cx},1,~{dirflag},~{fpsr},~{flags}"(i32 %n)
  %v = extractvalue { i32, i32 } %r, 0
  ret i32 %v
}
define i8 @flag_output(i32 %n) {
entry:
  %r = call { i8, i32, i32 } asm sideeffect "11: movl $2, $1; leal -1($2), $2; jecxz 12f; jmp 11b; 12:", "={@ccz},=r,={cx},2,~{dirflag},~{fpsr}"(i32 %n)
  %v = extractvalue { i8, i32, i32 } %r, 0
  ret i8 %v
}

; A short branch (loop, jrcxz) with a tick between it and its target is
; widened, as softticks-as does.
; CHECK-LABEL: define i32 @short_branch(
; CHECK: asm sideeffect "5:;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3; incl $0; loop 53540000f;jmp 53540001f;53540000:jmp  5b;53540001:", "=r,=r,0,1,~{dirflag},~{fpsr},~{flags}"
define i32 @short_branch(i32 %x, i32 %n) {
entry:
  %r = call { i32, i32 } asm sideeffect "5: incl $0; loop 5b", "=r,=r,0,1,~{dirflag},~{fpsr},~{flags}"(i32 %x, i32 %n)
  %v = extractvalue { i32, i32 } %r, 0
  ret i32 %v
}

; Dialect alternatives $(AT&T$|Intel$): the AT&T one is read and ticked.
; CHECK-LABEL: define i32 @alternatives(
; CHECK: asm sideeffect "$(3:;testb $$0x80, 0x70001807;.byte 0x75, 0x0b;decq 0x70001800;.byte 0x75, 0x01;int3; decl $0; jnz 3b$|3: dec $0; jnz 3b$)"
define i32 @alternatives(i32 %n) {
entry:
  %r = call i32 asm sideeffect "$(3: decl $0; jnz 3b$|3: dec $0; jnz 3b$)", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %n)
  ret i32 %r
}

; No cycle: the statement is left as it is (the same InlineAsm).
; CHECK-LABEL: define i32 @straight(
; CHECK: call i32 asm sideeffect "addl $$1, $0", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
define i32 @straight(i32 %x) {
entry:
  %r = call i32 asm sideeffect "addl $$1, $0", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  ret i32 %r
}

; Two calls of one InlineAsm: both get the new one.
; CHECK-LABEL: define i32 @twice(
; CHECK: call i32 asm sideeffect "4:;testb
; CHECK: call i32 asm sideeffect "4:;testb
define i32 @twice(i32 %x) {
entry:
  %a = call i32 asm sideeffect "4: decl $0; jnz 4b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  %b = call i32 asm sideeffect "4: decl $0; jnz 4b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %a)
  ret i32 %b
}

; A function that must not tick keeps its asm as it is.
; CHECK-LABEL: define i32 @skipped(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call i32 asm sideeffect "6: decl $0; jnz 6b"
define i32 @skipped(i32 %x) #0 {
entry:
  %r = call i32 asm sideeffect "6: decl $0; jnz 6b", "=r,0,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  ret i32 %r
}

attributes #0 = { disable_sanitizer_instrumentation }
