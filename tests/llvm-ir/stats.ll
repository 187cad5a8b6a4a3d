; -softticks-stats (or SOFTTICKS_STATS=1 in the environment, for lld):
; ticks and instrumented functions per module on stderr.
; RUN: opt %loadplugin -passes=softticks -softticks-stats -disable-output %s 2>&1 | FileCheck %s
; RUN: env SOFTTICKS_STATS=1 opt %loadplugin -passes=softticks -disable-output %s 2>&1 | FileCheck %s
; RUN: opt %loadplugin -passes=softticks -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
; RUN: env SOFTTICKS_STATS=0 opt %loadplugin -passes=softticks -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
target triple = "x86_64-unknown-linux-gnu"

; 3 ticks: f's entry and loop head, g's entry; h is a declaration.
; CHECK: softticks: {{.*}}stats.ll: 3 ticks in 2 functions
; QUIET-NOT: softticks:
define void @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @g() {
  call void @h()
  ret void
}

declare void @h()
