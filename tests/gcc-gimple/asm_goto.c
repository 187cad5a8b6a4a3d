// asm goto: its label operands are edges too.  The label heads a cycle
// (here it is also the function's first block: one tick for both).
// RUN: %gimple -O0 %s | FileCheck %s
// RUN: %gimple -O2 %s | FileCheck %s --check-prefix=O2

// CHECK-LABEL: ;; Function asm_goto_loop (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry cycle-head
// CHECK-NEXT: ;; softticks: 1 ticks
// CHECK: <bb 2> :
// CHECK-NEXT: head:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: __asm__ __volatile__ goto("jmp %l0"
// CHECK: out:
// CHECK-NOT: SOFTTICKS_TICK;
// CHECK: return;
// At -O2 the label's block is no longer the first one: two ticks.
// O2-LABEL: ;; Function asm_goto_loop (
// O2: ;; softticks: 2 ticks
// O2: <bb 2> [{{.*}}]:
// O2-NEXT: SOFTTICKS_TICK;
// O2: head:
// O2-NEXT: SOFTTICKS_TICK;
// O2-NEXT: __asm__ __volatile__ goto("jmp %l0"
void asm_goto_loop(void) {
head:
  asm goto("jmp %l0" : : : : head, out);
out:
  return;
}

// A loop whose head an asm goto can also jump back to: one tick at the
// head.
// CHECK-LABEL: ;; Function asm_goto_back (
// CHECK: ;; softticks: 2 ticks
// CHECK: again:
// CHECK-NEXT: SOFTTICKS_TICK;
// CHECK-NEXT: __asm__ __volatile__ goto(
void asm_goto_back(int n) {
  int i = 0;
again:
  asm goto("" : : : : again);
  if (++i < n) goto again;
}
